import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { cx, focusRing } from '../lib/cx';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: TabItem[];
  /** Name of the tab list, e.g. "Voucher status". */
  label: string;
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
}

/** Arrow keys move between tabs (Radix roving focus); Home/End jump to the ends. */
export function Tabs({ items, label, value, defaultValue, onValueChange, className }: TabsProps) {
  return (
    <RadixTabs.Root
      value={value}
      defaultValue={defaultValue ?? (value === undefined ? items[0]?.value : undefined)}
      onValueChange={onValueChange}
      className={cx('flex flex-col gap-4', className)}
    >
      {/* The list itself can hold keyboard focus (Radix's roving group, which should hand it to the active tab,
          kept it in the theme studio): it shows it too. Radix writes `outline: none` in its inline style, which
          no class outranks; unset here, the focus ring's classes draw it. */}
      <RadixTabs.List aria-label={label} style={{ outline: undefined }} className={cx('flex gap-1 overflow-x-auto border-b border-border', focusRing)}>
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            disabled={item.disabled}
            className={cx(
              '-mb-px min-h-11 shrink-0 border-b-2 border-transparent px-4 text-base font-medium text-muted',
              'data-[state=active]:border-brand-ink data-[state=active]:text-brand-ink disabled:opacity-50',
              focusRing,
            )}
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className={cx('rounded-lg', focusRing)}>
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
