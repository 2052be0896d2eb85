import { useEffect, useRef, useState } from "react";
import { Icon } from "./icons";

export type ToastData = { message: string; type: "success" | "error" | "info"; persistent: boolean; id?: string };
type Item = ToastData & { id: string };

const TIMED_TOAST_MS = 5000;

/**
 * Bottom-left toasts. `flash` is the cookie toast from the root loader (new object after each
 * load); `pageToasts` come from the current page's own data (e.g. a list that failed to load).
 * Timed toasts hide after 5 s with JavaScript; persistent ones stay until closed. The close
 * control is a checkbox + label, so it works with JavaScript off too.
 */
export function ToastArea({ flash, pageToasts }: { flash: ToastData | null; pageToasts: ToastData[] }) {
  const [flashes, setFlashes] = useState<Item[]>(() => (flash ? [{ ...flash, id: flash.id ?? "flash-0" }] : []));
  const [closed, setClosed] = useState<string[]>([]);
  const counter = useRef(0);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (!flash) return;
    const id = flash.id ?? `flash-${++counter.current}`;
    setFlashes((all) => (all.some((t) => t.id === id) ? all : [...all, { ...flash, id }]));
  }, [flash]);

  const close = (id: string) => setClosed((c) => [...c, id]);
  const items = [...pageToasts.map((t, i) => ({ ...t, id: `page-${i}-${t.message}` })), ...flashes].filter((t) => !closed.includes(t.id));

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
      <input type="checkbox" id={dismissId} className="toast-dismiss" aria-label="Close notification" onChange={onClose} />
      <div className={`toast toast-${toast.type}`} role={toast.type === "error" ? "alert" : "status"} data-persistent={toast.persistent || undefined}>
        <p>{toast.message}</p>
        <label htmlFor={dismissId} className="toast-close" title="Close">
          <Icon name="close" />
        </label>
      </div>
    </div>
  );
}
