// The filter forms above the console's lists: plain GET forms (they work before any script loads and
// leave a URL an operator can share), one submit button, and the few kinds of field they use.
import type { ReactNode } from "react";
import { dynamicKey, type Translate } from "@/lib/console/i18n/translate";

export function FilterForm({ action, t, children }: { action: string; t: Translate; children: ReactNode }) {
  return (
    <form className="card" method="get" action={action}>
      <div className="filters">
        {children}
        <div className="form-actions">
          <button className="btn" type="submit">
            {t("common.filter")}
          </button>
        </div>
      </div>
    </form>
  );
}

/** Options for the values of an enum, each labelled by its message (`<prefix>.<value>`). */
export function enumOptions(
  values: readonly string[],
  prefix: string,
  t: Translate,
): { value: string; label: string }[] {
  return values.map((value) => ({ value, label: t(dynamicKey(prefix, value)) }));
}

/** A choice among values, "All" first (no filter). */
export function SelectFilter({
  name,
  label,
  value,
  options,
  t,
}: {
  name: string;
  label: string;
  value: string | null;
  options: { value: string; label: string }[];
  t: Translate;
}) {
  return (
    <label className="field">
      <span>{label}</span>
      <select name={name} defaultValue={value ?? ""}>
        <option value="">{t("common.all")}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** "Only the ones that…": sends name=true when ticked. */
export function CheckFilter({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="field field-check">
      <input type="checkbox" name={name} value="true" defaultChecked={checked} />
      <span>{label}</span>
    </label>
  );
}

/** The search box with its button, across the whole width of the filters. */
export function SearchField(props: {
  label: string;
  value: string;
  placeholder: string;
  hint?: string;
  dir?: "ltr" | "auto";
}) {
  return (
    <label className="field wide">
      <span>{props.label}</span>
      <span className="search-row">
        <input
          type="search"
          name="q"
          defaultValue={props.value}
          placeholder={props.placeholder}
          aria-describedby={props.hint ? "search-hint" : undefined}
          dir={props.dir ?? "auto"}
          maxLength={128}
        />
        <button className="btn btn-primary" type="submit">
          {props.label}
        </button>
      </span>
      {props.hint ? (
        <small id="search-hint" className="muted">
          {props.hint}
        </small>
      ) : null}
    </label>
  );
}
