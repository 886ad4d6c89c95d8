// Where notifications show (top right), a module of its own: loaded once the first page is on
// screen (App.tsx, Later), not with it. A notification shown before that appears then.
import { Notifications } from '@mantine/notifications';

export default function NoticeCorner() {
  return <Notifications position="top-right" />;
}
