/**
 * The console's list table: found by its test id; a list the server filters gets ProTable's search
 * form, a list answered whole gets none; the rows are ProTable's as before.
 */
import { render, screen, within } from '@testing-library/react';
import ConsoleTable from '@/admin/components/ConsoleTable';

// antd and pro-components renders are heavy in jsdom
jest.setTimeout(60_000);

type Row = { id: string; name: string };
const columns = [
  { title: 'ID', dataIndex: 'id', search: false as const },
  { title: '名称', dataIndex: 'name' },
];
const request = async () => ({ data: [{ id: '7', name: '第七行' }], total: 1, success: true });

it('a filtered list has the search form and its rows inside the test id', async () => {
  render(<ConsoleTable<Row> testId="admin-things-table" rowKey="id" columns={columns} request={request} />);
  const table = screen.getByTestId('admin-things-table');
  expect(await within(table).findByText('第七行')).toBeTruthy();
  expect(table.querySelector('.ant-pro-query-filter')).not.toBeNull();
});

it('a list answered whole has no search form', async () => {
  render(<ConsoleTable<Row> testId="admin-things-table" filtered={false} rowKey="id" columns={columns} request={request} />);
  const table = screen.getByTestId('admin-things-table');
  expect(await within(table).findByText('第七行')).toBeTruthy();
  expect(table.querySelector('.ant-pro-query-filter')).toBeNull();
});
