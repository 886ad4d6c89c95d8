// Success messages: a Mantine notification whose close button has a name (axe: button-name).
import { notifications } from '@mantine/notifications';

export function notifyDone(message: string) {
  notifications.show({ color: 'teal', message, closeButtonProps: { 'aria-label': 'Dismiss' } });
}
