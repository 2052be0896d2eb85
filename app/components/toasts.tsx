import { useEffect, useState } from "react";

import { Icon } from "./icons";

export type ToastData = { message: string; type: "success" | "error" | "info"; persistent: boolean; id?: string };
type Item = ToastData & { id: string };

const TIMED_TOAST_MS = 5000;

/** Cookie notices carry the id they were written with; anything else is named by its place. */
const withIds = (list: ToastData[]): Item[] => list.map((t, i) => ({ ...t, id: t.id ?? `flash-${i}-${t.message}` }));

/**
 * Bottom-left toasts. `flashes` are the cookie's notices from the root loader (a new list
 * after each load; each notice keeps the id it was written with, so one is shown once); `pageToasts` come from the current page's own data (e.g. a list that failed to load).
 * Timed toasts hide after 5 s with JavaScript; persistent ones stay until closed. The close
 * control is a checkbox + label, so it works with JavaScript off too.
 */
export function ToastArea({ flashes: incoming, pageToasts }: { flashes: ToastData[]; pageToasts: ToastData[] }) {
  const [flashes, setFlashes] = useState<Item[]>(() => withIds(incoming));
  const [closed, setClosed] = useState<string[]>([]);
  // A new list from a later load adds its notices (React's "adjust state when a prop changes").
  const [shown, setShown] = useState(incoming);
  if (incoming !== shown) {
    setShown(incoming);
    const fresh = withIds(incoming);
    if (fresh.length) setFlashes((all) => [...all, ...fresh.filter((t) => !all.some((a) => a.id === t.id))]);
  }

  const close = (id: string) => setClosed((c) => [...c, id]);
  const items = [...pageToasts.map((t, i) => ({ ...t, id: `page-${i}-${t.message}` })), ...flashes].filter(
    (t) => !closed.includes(t.id),
  );

  return (
    <div className="toast-area" aria-live="polite">
      {items.map((t) => (
        <Toast key={t.id} toast={t} onClose={() => close(t.id)} />
      ))}
    </div>
  );
}

function Toast({ toast, onClose }: { toast: Item; onClose: () => void }) {
  useEffect(() => {
    if (toast.persistent) return;
    const timer = setTimeout(onClose, TIMED_TOAST_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [toast.id, toast.persistent]);
  const dismissId = `toast-close-${toast.id.replace(/[^a-z0-9-]/gi, "")}`;
  return (
    <div className="toast-wrap">
      <input
        type="checkbox"
        id={dismissId}
        className="toast-dismiss"
        aria-label="Close notification"
        onChange={onClose}
      />
      <div
        className={`toast toast-${toast.type}`}
        role={toast.type === "error" ? "alert" : "status"}
        data-persistent={toast.persistent || undefined}
      >
        <p>{toast.message}</p>
        <label htmlFor={dismissId} className="toast-close" title="Close">
          <Icon name="close" />
        </label>
      </div>
    </div>
  );
}
