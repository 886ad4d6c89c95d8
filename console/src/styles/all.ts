// All of Mantine's CSS (the core components and the date pickers), loaded before the code of any
// page beyond the first visit's (App.tsx): those pages use components styles/first-visit.ts leaves out.
// Loaded before the page's own CSS, so the page's rules still come after Mantine's, as they did
// when all of it was in the entry.
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
