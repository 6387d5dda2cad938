/**
 * @jest-environment node
 *
 * plugins/unusedAntdParts: List's Pagination, Card's Tabs and Typography's editor are replaced in
 * the build, from those antd files only, so no code of the app may give a List `pagination`, a
 * Card `tabList` or a Typography `editable` (they would render NotBundled, which throws).
 */
import fs from 'node:fs';
import path from 'node:path';
import { NOT_BUNDLED, replacementFor } from '../../plugins/unusedAntdParts';
import { sourceFiles } from './sourceFiles';
import { PROJECT_ROOT as root } from '../projectCommand';

describe('the replaced imports', () => {
  it.each([
    ['/app/node_modules/antd/es/list', '../pagination'],
    ['/app/node_modules/antd/es/card', '../tabs'],
    ['/app/node_modules/antd/es/typography/Base', '../Editable'],
    ['C:\\app\\node_modules\\antd\\es\\list', '../pagination'],
  ])('%s importing %s gets NotBundled', (context, request) => {
    expect(replacementFor(context, request)).toBe(NOT_BUNDLED);
  });

  it.each([
    // Pagination and Tabs themselves, Select, and the app's own imports stay
    ['/app/node_modules/antd/es/table', '../pagination'],
    ['/app/node_modules/antd/es/list', '../spin'],
    ['/app/node_modules/antd/es/card', '../skeleton'],
    ['/app/node_modules/antd/es/typography', '../Editable'],
    ['/app/node_modules/antd/es/typography/Base', '../../tooltip'],
    ['/app/src/components', '../tabs'],
    ['/app/node_modules/other/es/list', '../pagination'],
  ])('%s importing %s is left alone', (context, request) => {
    expect(replacementFor(context, request)).toBeUndefined();
  });

  it('NotBundled throws when rendered', () => {
    const NotBundled = require(NOT_BUNDLED).default as () => never;
    expect(() => NotBundled()).toThrow(/plugins\/unusedAntdParts/);
  });
});

describe('src/', () => {
  it('gives no List `pagination`, no Card `tabList` and no Typography `editable`', () => {
    const files = sourceFiles('src').filter((file) => !file.endsWith('NotBundled.tsx'));
    expect(files.length).toBeGreaterThan(50);
    const uses = files.filter((file) => /\bpagination\s*[=:]|\btabList\b|\beditable\b/.test(fs.readFileSync(path.join(root, file), 'utf8')));
    expect(uses).toEqual([]);
  });
});
