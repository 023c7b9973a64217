import { NativeSelect } from "#app/components/ui/native-select";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, STAFF_ROLES, type StaffRole } from "#app/features/accounts/roles";

/** A staff role to choose, each option saying what the role may do (the invite form and each account's row). */
export function RoleSelect({
  id,
  label,
  defaultValue,
  labelHidden = false,
  described = true,
}: {
  id: string;
  label: string;
  defaultValue: StaffRole;
  labelHidden?: boolean;
  /** Each option says what the role may do (the invite form); a table row keeps to the names. */
  described?: boolean;
}) {
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className={labelHidden ? "sr-only" : "text-sm font-medium"}>
        {label}
      </label>
      <NativeSelect id={id} name="role" defaultValue={defaultValue} className="min-h-11">
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {described ? `${ROLE_LABELS[role]}: ${ROLE_DESCRIPTIONS[role]}` : ROLE_LABELS[role]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
