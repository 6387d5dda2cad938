import React from 'react';
export default function AppProviders({ children }: { children: React.ReactNode }) {
  return <>{children}</>;
}
