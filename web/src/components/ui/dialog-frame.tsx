// The usual inside of a modal: its title (with an optional icon before it) and description, what it
// shows, then its buttons. The caller wraps it in a <form> when the buttons submit one.
import type { ReactNode } from 'react';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

type DialogFrameProps = {
  title: ReactNode;
  icon?: ReactNode;
  description?: string;
  children: ReactNode;
  /** The footer's buttons, the main one last. */
  actions: ReactNode;
};

export function DialogFrame({ title, icon, description, children, actions }: DialogFrameProps) {
  return (
    <>
      <DialogHeader>
        <DialogTitle className={icon ? 'flex items-center gap-2' : undefined}>
          {icon}
          {title}
        </DialogTitle>
        {description && <DialogDescription>{description}</DialogDescription>}
      </DialogHeader>
      {children}
      <DialogFooter>{actions}</DialogFooter>
    </>
  );
}
