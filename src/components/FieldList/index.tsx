/**
 * A record shown as labelled fields ("label: value") in columns, e.g. a product's terms or one
 * order in a history list: what antd's small Descriptions shows, without its breakpoint observer.
 * Descriptions subscribes to the screen's breakpoints as it mounts and at once renders again,
 * synchronously, inside the commit that mounted it: on a hydrating first screen with four product
 * cards, that render (and every pending effect, flushed ahead of it) joined the commit that
 * hydrates the page, one long task. Here the columns per breakpoint are CSS.
 */
import { theme } from 'antd';
import React from 'react';
import styles from './index.less';

/** [label, value] */
export type Field = [string, React.ReactNode];

/** Columns on a phone (antd's xs, below 576 px) and on anything wider. */
export interface FieldColumns {
  xs: number;
  sm: number;
}

interface Props {
  title?: React.ReactNode;
  /** in display order */
  fields: Field[];
  columns?: FieldColumns;
  /** each label above its value (no colon) rather than beside it */
  vertical?: boolean;
  style?: React.CSSProperties;
}

const DEFAULT_COLUMNS: FieldColumns = { xs: 1, sm: 3 };

export default function FieldList({ title, fields, columns = DEFAULT_COLUMNS, vertical = false, style }: Props) {
  const { token } = theme.useToken();
  const variables = {
    '--field-columns-xs': columns.xs,
    '--field-columns-sm': columns.sm,
    '--field-label-color': token.colorTextTertiary,
    '--field-value-color': token.colorText,
  } as React.CSSProperties;
  return (
    <div className={styles.fields} style={{ ...variables, ...style }}>
      {title !== undefined && <div className={styles.title}>{title}</div>}
      <dl className={vertical ? `${styles.list} ${styles.vertical}` : styles.list}>
        {fields.map(([label, value]) => (
          <div key={label} className={styles.field}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
