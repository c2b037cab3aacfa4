/**
 * A fieldset of toggle chips (checkboxes styled as pills) with a legend: the filter groups of
 * the study and project lists. The look is shared/ui/chips.css (`st-chips`, `st-chip`); a
 * feature with its own chip style passes its class names in `classes`.
 */
export interface ChipGroupProps<T extends string> {
  legend: string;
  values: readonly T[];
  selected: readonly T[];
  label: (v: T) => string;
  onToggle: (v: T) => void;
  classes?: { group: string; row: string; chip: string };
}

const CHIPS = { group: 'st-chips', row: 'st-chips__row', chip: 'st-chip' };

export function ChipGroup<T extends string>({ legend, values, selected, label, onToggle, classes = CHIPS }: ChipGroupProps<T>) {
  return (
    <fieldset className={classes.group}>
      <legend>{legend}</legend>
      <div className={classes.row}>
        {values.map((v) => (
          <label key={v} className={classes.chip}>
            <input type="checkbox" checked={selected.includes(v)} onChange={() => onToggle(v)} />
            <span>{label(v)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** `list` with `value` added, or removed when it was there. */
export function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}
