/** A console list page's table: found by its test id, with the table props every console list shares. */
import { ProTable, type ParamsType, type ProTableProps } from '@ant-design/pro-components';
import { FILTERED_TABLE_PROPS, TABLE_PROPS } from './tables';

type ConsoleTableProps<T extends Record<string, unknown>> = ProTableProps<T, ParamsType> & {
  testId: string;
  /** false for a list the server answers whole: no search form */
  filtered?: boolean;
};

export default function ConsoleTable<T extends Record<string, unknown>>({ testId, filtered = true, ...props }: ConsoleTableProps<T>) {
  return (
    <div data-testid={testId}>
      <ProTable<T> {...props} {...(filtered ? FILTERED_TABLE_PROPS : TABLE_PROPS)} />
    </div>
  );
}
