/**
 * Province → city → district picker over the built-in region table (contract/rules/regions), the
 * way phone shops ask for it: a read-only field that opens a bottom sheet with one full-height list
 * per step (finger-sized rows) and the steps chosen so far above it, each tappable to go back.
 * Its value is `[province, city, district]`, or `[province, city]` for a city without a district
 * list (the form then asks for the district as text).
 */
import { CheckOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex, Input, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import BottomSheet from '@/components/BottomSheet';
import { useT } from '@/hooks/useT';
import { REGIONS, citiesOf, districtsOf } from '../../../../../contract/rules/regions';

export type RegionValue = [string, string] | [string, string, string];

interface Props {
  value?: RegionValue;
  onChange?: (value: RegionValue) => void;
  placeholder?: string;
  id?: string;
}

/** The path chosen so far in the sheet (the district ends it). */
type Draft = { province?: string; city?: string };

const PROVINCES = REGIONS.map((province) => province.name);

/** The step a draft is at: 0 provinces, 1 cities, 2 districts. */
function stepOf(draft: Draft): 0 | 1 | 2 {
  if (!draft.province) return 0;
  return draft.city ? 2 : 1;
}

/** Picking a province whose only city is itself (a municipality) skips the city step. */
function withProvince(province: string): Draft {
  const cities = citiesOf(province);
  return cities.length === 1 ? { province, city: cities[0] } : { province };
}

export default function RegionPicker({ value, onChange, placeholder, id }: Props) {
  const t = useT();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>({});
  const listRef = useRef<HTMLDivElement>(null);
  const step = stepOf(draft);
  const options = step === 0 ? PROVINCES : step === 1 ? citiesOf(draft.province!) : districtsOf(draft.province!, draft.city!);
  // the value's own entry at this step is marked (only along the value's own path)
  const chosen = step === 0 ? value?.[0] : value?.[0] !== draft.province ? undefined : step === 1 ? value?.[1] : value?.[2];

  // each step starts at the top of its list
  useEffect(() => {
    const body = listRef.current?.closest('.ant-drawer-body');
    if (body) body.scrollTop = 0;
  }, [step, draft.province]);

  const show = () => {
    setDraft(value ? { province: value[0], city: districtsOf(value[0], value[1]).length ? value[1] : undefined } : {});
    setOpen(true);
  };
  const finish = (next: RegionValue) => {
    setOpen(false);
    onChange?.(next);
  };
  const pick = (name: string) => {
    if (step === 2) return finish([draft.province!, draft.city!, name]);
    const next = step === 0 ? withProvince(name) : { province: draft.province, city: name };
    // a city without a district list ends the choice here
    if (next.city && !districtsOf(next.province!, next.city).length) return finish([next.province!, next.city]);
    setDraft(next);
  };

  const crumbs: Array<{ label: string; draft: Draft }> = [];
  if (draft.province) crumbs.push({ label: draft.province, draft: {} });
  if (draft.city && draft.city !== draft.province) crumbs.push({ label: draft.city, draft: { province: draft.province } });

  return (
    <>
      <Input
        id={id}
        readOnly
        inputMode="none"
        value={value ? value.filter((part, index) => part && !(index === 1 && part === value[0])).join(' / ') : ''}
        placeholder={placeholder}
        suffix={<RightOutlined style={{ color: token.colorTextTertiary }} />}
        aria-haspopup="dialog"
        onClick={show}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            show();
          }
        }}
        style={{ cursor: 'pointer' }}
      />
      <BottomSheet
        open={open}
        title={t('region.title')}
        height="85vh"
        onClose={() => setOpen(false)}
        styles={{ body: { paddingTop: 0 } }}
      >
        <div data-testid="region-sheet">
          <Flex
            wrap
            gap={4}
            style={{ position: 'sticky', top: 0, zIndex: 1, padding: '8px 0', background: token.colorBgElevated, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
          >
            {crumbs.map((crumb) => (
              <Button key={crumb.label} type="text" style={{ minHeight: 44 }} onClick={() => setDraft(crumb.draft)}>
                {crumb.label}
              </Button>
            ))}
            <Button type="text" style={{ minHeight: 44, color: token.colorPrimary }} aria-current="step">
              {t('region.choose')}
            </Button>
          </Flex>
          <div ref={listRef} role="listbox" aria-label={t('region.title')} data-testid="region-options">
            {options.map((name) => {
              const selected = name === chosen;
              return (
                <Button
                  key={name}
                  type="text"
                  block
                  role="option"
                  aria-selected={selected}
                  data-testid="region-option"
                  onClick={() => pick(name)}
                  style={{ height: 48, justifyContent: 'space-between', textAlign: 'left', color: selected ? token.colorPrimary : undefined }}
                >
                  <span>{name}</span>
                  {selected && <CheckOutlined />}
                </Button>
              );
            })}
          </div>
        </div>
      </BottomSheet>
    </>
  );
}
