/** An on/off switch that saves at once: its name in `label`, its state in words beside the track; busy while saving (focus stays on it). */
import { useAdminFrame } from '../../frame/frame-context';
import './membership.css';

export function Switch({ label, on, busy, disabled, onToggle }: { label: string; on: boolean; busy?: boolean; disabled?: boolean; onToggle(): void }) {
  const { t } = useAdminFrame();
  return (
    <button
      type="button"
      role="switch"
      className="t-switch t-membership-switch"
      aria-checked={on}
      aria-busy={busy || undefined}
      aria-disabled={busy || disabled || undefined}
      onClick={() => busy || disabled || onToggle()}
    >
      <span className="t-switch__track" aria-hidden="true">
        <span className="t-switch__thumb" />
      </span>
      <span>{label}</span>
      <span className="t-admin-meta">{t(`adminAreas.membership.${on ? 'on' : 'off'}`)}</span>
    </button>
  );
}
