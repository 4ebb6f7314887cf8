/**
 * A segmented switch between views of one screen (records, deposits and withdrawals, ...). One Tab
 * stop, on the selected tab; arrow keys move between tabs (arrow-keys.ts), as the ARIA tabs pattern has it.
 */
export function Tabs<K extends string>({ tabs, value, onChange, label }: { tabs: readonly [K, string][]; value: K; onChange: (key: K) => void; label: string }) {
  return (
    <div class="segmented" role="tablist" aria-label={label}>
      {tabs.map(([key, text]) => (
        <button key={key} type="button" role="tab" aria-selected={key === value} tabIndex={key === value ? 0 : -1} onClick={() => onChange(key)}>
          {text}
        </button>
      ))}
    </div>
  );
}
