/** A record shown as labelled fields (antd Descriptions), e.g. one order in a history list. */
import { Descriptions } from 'antd';
import React from 'react';

interface Props {
  title?: React.ReactNode;
  /** [label, value] pairs, in display order */
  fields: Array<[string, React.ReactNode]>;
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
