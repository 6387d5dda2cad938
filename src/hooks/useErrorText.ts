/**
 * A server error shown inline (an Alert in a form, the sign-in error) in the interface's language,
 * by the same rules as the request layer's toasts (src/utils/errorText.ts). Undefined while the
 * language's catalogue loads (the first error only), so the server's zh-TW text never flashes.
 */
import { useIntl } from '@umijs/max';
import { useEffect, useState } from 'react';
import { BizError } from '@/requestErrorConfig';
import { loadedErrorCatalogue, loadErrorCatalogue, renderErrorText, type ServerErrorText } from '@/utils/errorText';

/** The envelope of a failed call (a BizError), or the message of any other error. */
export function serverErrorOf(error: unknown): ServerErrorText | undefined {
  if (error instanceof BizError) return error.info;
  if (error instanceof Error) return { errMessage: error.message };
  return undefined;
}

export function useErrorText(error: ServerErrorText | undefined): string | undefined {
  // the language the page around it is rendered in
  const { locale } = useIntl();
  const [, setLoaded] = useState(0);
  const [failedLocale, setFailedLocale] = useState<string>();
  const needsCatalogue = !!error?.errKey;
  const catalogue = needsCatalogue ? loadedErrorCatalogue(locale) : undefined;

  useEffect(() => {
    if (!needsCatalogue || catalogue) return undefined;
    let live = true;
    loadErrorCatalogue(locale).then(
      () => live && setLoaded((n) => n + 1),
      // the catalogue could not load (network): the server's own text is better than nothing
      () => live && setFailedLocale(locale),
    );
    return () => {
      live = false;
    };
  }, [needsCatalogue, catalogue, locale]);

  if (!error) return undefined;
  if (!needsCatalogue || catalogue || failedLocale === locale) return renderErrorText(error, catalogue);
  return undefined;
}
