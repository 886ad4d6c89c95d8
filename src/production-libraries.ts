// Imported first by the process entries (server.ts, cli.ts), before any library loads: libraries
// that pick a build by NODE_ENV (React renders the mails) use their production build unless the
// operator asked for another. React's development build checks every element it makes and costs
// about four times as much per mail. The service itself never branches on NODE_ENV.
process.env.NODE_ENV ??= 'production';

export {};
