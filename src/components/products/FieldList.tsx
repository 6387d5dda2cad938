/** A record shown as labelled fields (antd Descriptions), e.g. one order in a history list. */
import { Descriptions } from 'antd';
import React from 'react';

/** [label, value] */
export type Field = [string, React.ReactNode];

interface Props {
  title?: React.ReactNode;
  /** in display order */
  fields: Field[];
}

export default function FieldList({ title, fields }: Props) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 3 }}
      style={{ width: '100%' }}
      title={title}
      items={fields.map(([label, value]) => ({ key: label, label, children: value }))}
    />
  );
}
