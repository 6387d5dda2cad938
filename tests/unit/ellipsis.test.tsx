/**
 * Text cut short with "…" (src/utils/ellipsis.ts): by CSS alone, never antd Typography's
 * `ellipsis` prop in the user app, which measures each element after every render (a forced
 * reflow, and an element appended inside the text and removed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { Typography } from 'antd';
import { ellipsisStyle } from '@/utils/ellipsis';
import { sourceFiles } from './sourceFiles';
import { PROJECT_ROOT as ROOT } from '../projectCommand';

/** The user app's .tsx files (not the operator console, whose tables cut cells their own way). */
const userAppFiles = () => sourceFiles('src').filter((file) => file.endsWith('.tsx') && !/^src[\\/](admin|pages[\\/]Admin)[\\/]/.test(file));

it("no Typography in the user app takes antd's `ellipsis` prop", () => {
  const files = userAppFiles();
  expect(files.length).toBeGreaterThan(50);
  const typographyWithEllipsis = /<Typography\.(Text|Paragraph|Title|Link)\b[^>]*\sellipsis\b/;
  expect(files.filter((file) => typographyWithEllipsis.test(fs.readFileSync(path.join(ROOT, file), 'utf8'))).map((file) => path.relative('src', file))).toEqual([]);
  // the scan finds the prop where it is
  expect(typographyWithEllipsis.test('<Typography.Text strong ellipsis style={{}}>')).toBe(true);
});

it('cuts one line short with text-overflow, several with a line clamp, and adds nothing to the DOM', () => {
  const { container } = render(
    <>
      <Typography.Text style={ellipsisStyle()}>一段很长的公告内容</Typography.Text>
      <Typography.Paragraph style={ellipsisStyle(2)}>两行的商品名称</Typography.Paragraph>
    </>,
  );
  const [line, paragraph] = [container.querySelector('span') as HTMLElement, container.querySelector('div') as HTMLElement];
  expect(line.style).toMatchObject({ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', display: 'inline-block', maxWidth: '100%' });
  expect(paragraph.style).toMatchObject({ display: '-webkit-box', overflow: 'hidden' });
  // jsdom keeps no -webkit-box-orient or -webkit-line-clamp: checked on the style given
  expect(ellipsisStyle(2)).toMatchObject({ WebkitBoxOrient: 'vertical', WebkitLineClamp: 2 });
  expect([line.children.length, paragraph.children.length]).toEqual([0, 0]);
});
