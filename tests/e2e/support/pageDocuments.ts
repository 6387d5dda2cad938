/**
 * The server renders its data pages (server/prerender/pageRequests.ts) with their live answers
 * once it is up, off its event loop; until then it sends the build's documents, with skeletons
 * where the data goes. A test of those pages, or a bench that measures them, waits for the live ones.
 */
import { PAGE_DATA_ELEMENT_ID } from '../../../contract/rules/pageData';
import { PAGE_REQUESTS } from '../../../server/prerender/pageRequests';
import { sleep } from './page';

/** Resolves once every data page at `baseUrl` is sent with its data block; throws after `timeoutMs`. */
export async function liveDocumentsReady(baseUrl: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const route of Object.keys(PAGE_REQUESTS)) {
    // fetch says `Accept-Language: *` unless told, which the server answers with the shell
    while (!(await (await fetch(`${baseUrl}${route}`, { headers: { 'accept-language': 'zh-CN' } })).text()).includes(`id="${PAGE_DATA_ELEMENT_ID}"`)) {
      if (Date.now() > deadline) throw new Error(`${route} was not rendered with its data within ${timeoutMs} ms`);
      await sleep(200);
    }
  }
}
