/**
 * The app's bottom sheet (confirmations, checkout, conversion): an antd Drawer that slides up from
 * the bottom, as tall as its content and at most 90 % of the screen.
 *
 * The phone's back button closes the open sheet instead of leaving the page: opening pushes a
 * history entry (same address) and going back to the entry below closes the sheet; closing it
 * otherwise takes its entry off again. Sheets opened over a sheet each get their own entry.
 */
import { Drawer, type DrawerProps } from 'antd';
import { useEffect, useRef } from 'react';

const SHEET_STATE = 'powerfiSheet';
let lastSheetId = 0;
/** ids of the sheets whose history entry is still there, lowest (oldest) first */
const entries: number[] = [];
/** entries to take off at once (sheets closing together, e.g. a confirmation and its sheet) */
let pendingBack = 0;

function sheetIdOf(state: unknown): number {
  const id = (state as Record<string, unknown> | null)?.[SHEET_STATE];
  return typeof id === 'number' ? id : 0;
}

function dropEntriesFrom(id: number): number {
  const index = entries.findIndex((entry) => entry >= id);
  return index < 0 ? 0 : entries.splice(index).length;
}

function goBack(count: number): void {
  if (count <= 0) return;
  if (pendingBack === 0) {
    setTimeout(() => {
      const steps = pendingBack;
      pendingBack = 0;
      window.history.go(-steps);
    }, 0);
  }
  pendingBack += count;
}

function useBackButtonCloses(open: boolean | undefined, onClose: DrawerProps['onClose']): void {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (!open) return undefined;
    lastSheetId += 1;
    const id = lastSheetId;
    // keep the router's own state (key, index) so it sees the same location
    window.history.pushState({ ...(window.history.state ?? {}), [SHEET_STATE]: id }, '');
    entries.push(id);
    let popped = false;
    const onPopState = (event: PopStateEvent) => {
      if (sheetIdOf(event.state) >= id) return; // a sheet above this one closed, or forward
      popped = true;
      dropEntriesFrom(id);
      window.removeEventListener('popstate', onPopState);
      onCloseRef.current?.(undefined as unknown as React.MouseEvent);
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      if (popped) return;
      // closed by a button, a tap outside or a finished action: take the sheet's entry off again,
      // unless the app moved to another page meanwhile (then the entry is simply forgotten)
      const stillHere = sheetIdOf(window.history.state) >= id;
      const count = dropEntriesFrom(id);
      if (stillHere) goBack(count);
    };
  }, [open]);
}

interface Props extends DrawerProps {
  /**
   * false when the page keeps the open sheet in its address itself (a pushed `?checkout=1`), so
   * that back already closes it
   */
  historyEntry?: boolean;
}

export default function BottomSheet({ styles, historyEntry = true, ...props }: Props) {
  useBackButtonCloses(historyEntry && props.open, props.onClose);
  return <Drawer placement="bottom" height="auto" {...props} styles={{ ...styles, wrapper: { maxHeight: '90vh', ...styles?.wrapper } }} />;
}
