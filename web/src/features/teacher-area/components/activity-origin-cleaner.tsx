// A hidden frame on the origin of an activity played before (/player/clear/ there): it hands over
// what that origin's journal still holds, then deletes the package and everything else the origin
// kept (web/player/clear). Only that origin can delete its data: each activity plays on its own.
// Heard from its window and origin only; given up after a while (offline, say), tried again on a
// later visit.
import { useEffect, useRef } from 'react';
import { teacherAreaMessages } from '@/common/messages/teacher-area.js';
import { isPlayerMessage } from '@/web/shared/protocol';
import { PLAYER_FRAME_SANDBOX } from '../lib/player-frame-sandbox';

const CLEAR_TIMEOUT_MS = 30_000;

type Props = {
  origin: string;
  relayFrom: (source: Window, origin: string, writes: unknown) => void;
  onCleared: () => void;
  onGiveUp: () => void;
};

export function ActivityOriginCleaner({ origin, relayFrom, onCleared, onGiveUp }: Props) {
  const element = useRef<HTMLIFrameElement>(null);
  const callbacks = useRef({ onCleared, onGiveUp });
  callbacks.current = { onCleared, onGiveUp };

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const source = element.current?.contentWindow;
      if (event.origin !== origin || !source || event.source !== source || !isPlayerMessage(event.data))
        return;
      if (event.data.type === 'player:runtime-writes') relayFrom(source, origin, event.data.writes);
      else if (event.data.type === 'player:cleared') callbacks.current.onCleared();
    };
    window.addEventListener('message', onMessage);
    const timer = setTimeout(() => callbacks.current.onGiveUp(), CLEAR_TIMEOUT_MS);
    return () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
    };
  }, [origin, relayFrom]);

  return (
    <iframe
      ref={element}
      src={`${origin}/player/clear/`}
      title={teacherAreaMessages.clearingFrame}
      sandbox={PLAYER_FRAME_SANDBOX}
      aria-hidden="true"
      tabIndex={-1}
      className="hidden"
    />
  );
}
