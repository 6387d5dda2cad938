/** A card or list title followed by its status tag. */
import { Flex } from 'antd';
import React from 'react';
import StatusTag from './StatusTag';

export default function TitleWithStatus({ title, prefix, status }: { title: React.ReactNode; prefix: string; status: string }) {
  return (
    <Flex gap={8} align="center" wrap>
      <span>{title}</span>
      <StatusTag prefix={prefix} status={status} />
    </Flex>
  );
}
