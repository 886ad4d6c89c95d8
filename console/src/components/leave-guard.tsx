// "You have unsaved changes": react-router's useBlocker for moves inside the console, and the
// browser's own prompt (beforeunload) for reloads, closed tabs and other sites.
import { useEffect, useRef } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useBlocker } from 'react-router';

interface LeaveGuardOptions {
  /** Offered as "Save and leave" when given (e.g. a draft that can be saved without side effects). */
  save?: () => Promise<boolean>;
  /** Paths that are not leaving (e.g. a new post's own address once it is saved). */
  allowPath?: (pathname: string) => boolean;
}

/**
 * Guards a page while `dirty` (only the path counts: changing a tab in the query string is not
 * leaving). `allowNext()` lets the next navigation through, e.g. after a save that moves on.
 */
export function useLeaveGuard(dirty: boolean, options: LeaveGuardOptions = {}) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const allowed = useRef(false);
  const allowPath = useRef(options.allowPath);
  allowPath.current = options.allowPath;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !allowed.current && currentLocation.pathname !== nextLocation.pathname && !allowPath.current?.(nextLocation.pathname),
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const save = options.save;
  return {
    allowNext: () => {
      allowed.current = true;
    },
    dialog:
      blocker.state === 'blocked' ? (
        <Modal opened onClose={() => blocker.reset()} title="Leave without saving?" closeButtonProps={{ 'aria-label': 'Close' }}>
          <Stack>
            <Text size="sm">Your changes are not saved yet. If you leave now they are lost.</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => blocker.reset()} data-autofocus>Stay and keep editing</Button>
              {save && (
                <Button
                  onClick={async () => {
                    if (await save()) blocker.proceed();
                    else blocker.reset();
                  }}
                >
                  Save and leave
                </Button>
              )}
              <Button color="red" variant={save ? 'outline' : 'filled'} onClick={() => blocker.proceed()}>Leave and discard</Button>
            </Group>
          </Stack>
        </Modal>
      ) : null,
  };
}
