import { Link } from "@remix-run/react";
import { createContext, lazy, type ReactNode, Suspense, useContext } from "react";

import { Modal } from "~/components/modal";
import { Spinner } from "~/components/spinner";
import { contactIntro } from "~/content/site";

// The form (conform + zod) loads only when a visitor opens the modal, so it costs the
// other pages nothing. Without JavaScript the Contact links go to the /contact page.
const loadForm = () => import("./contact-form");
const ContactModalForm = lazy(loadForm);

export const ContactModalContext = createContext<(() => void) | null>(null);

export function ContactLink({ children, className }: { children: ReactNode; className?: string }) {
  const open = useContext(ContactModalContext);
  return (
    <Link
      to="/contact"
      className={className}
      onMouseEnter={() => void loadForm()}
      onFocus={() => void loadForm()}
      onClick={(event) => {
        if (!open || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        open();
      }}
    >
      {children}
    </Link>
  );
}

export function ContactModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal id="contact-modal" title="Contact Us" open={open} onClose={onClose}>
      <p className="modal-intro">{contactIntro}</p>
      <Suspense
        fallback={
          <p className="modal-loading">
            <Spinner label="Loading" /> Loading…
          </p>
        }
      >
        <ContactModalForm onClose={onClose} />
      </Suspense>
    </Modal>
  );
}
