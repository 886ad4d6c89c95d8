// "Connect your website": what a web developer needs in two minutes: the store id, the service's
// address, a key created right here (shown once) and a first call that reads the catalog.
import { useState } from 'react';
import { Alert, Anchor, Button, Card, Code, Group, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { WEBSITE_SCOPES, useCreateKey } from '../../api/developer';
import { PageHeader } from '../../components/PageState';
import { useCurrentStore } from '../../components/store-context';
import { CopyIcon, CopyValue, OwnersOnly, SecretDialog } from '../developers/shared';

/** The contract version every integration call may name (docs/integration.md). */
const CONTRACT_VERSION = '2026-04-13';
const KEY_PLACEHOLDER = 'isk_your_key_here';

export function Component() {
  return (
    <OwnersOnly title="Connect your website">
      <Connect />
    </OwnersOnly>
  );
}

function Connect() {
  const store = useCurrentStore();
  const baseUrl = window.location.origin;
  // The key created on this page, kept only while the page is open so the snippet can carry it.
  const [secret, setSecret] = useState<string | null>(null);
  const [showing, setShowing] = useState(false);

  return (
    <Stack gap="md">
      <PageHeader title="Connect your website">
        Give these to your web developer: with them a website reads your catalog and takes bookings and orders.
      </PageHeader>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder component="section" aria-labelledby="connect-store">
          <Title order={2} size="h4" id="connect-store" mb="sm">1. Your store</Title>
          <Stack gap="xs">
            <Value label="Store id" value={store.storeId} />
            <Value label="Base URL" value={baseUrl} />
            <Value label="Contract version" value={CONTRACT_VERSION} />
          </Stack>
        </Card>
        <Card withBorder component="section" aria-labelledby="connect-key">
          <Title order={2} size="h4" id="connect-key" mb="sm">2. A key for your website</Title>
          {secret ? (
            <Text size="sm">A key for your website was created. The snippet below carries it until you leave this page; after that it is never shown again.</Text>
          ) : (
            <CreateWebsiteKey
              onCreated={(value) => {
                setSecret(value);
                setShowing(true);
              }}
            />
          )}
        </Card>
      </SimpleGrid>

      <Card withBorder component="section" aria-labelledby="connect-snippet">
        <Title order={2} size="h4" id="connect-snippet" mb={4}>3. The first call</Title>
        <Text size="sm" c="dimmed" mb="sm">
          Run it on your website’s server (never in the browser: the key must stay secret). It answers your published catalog as JSON.
        </Text>
        <Snippets baseUrl={baseUrl} storeId={store.storeId} apiKey={secret ?? KEY_PLACEHOLDER} />
        <Text size="sm" mt="sm">
          Every endpoint, field and error is in the <Anchor href="/docs" target="_blank" rel="noreferrer">API reference</Anchor>.
          Webhooks tell your website when something changes; set them up under{' '}
          <Anchor component={Link} to={`/s/${store.storeId}/developers/webhooks`}>Developers › Webhooks</Anchor>.
          Manage or revoke keys under <Anchor component={Link} to={`/s/${store.storeId}/developers/keys`}>Developers › Integration keys</Anchor>.
        </Text>
      </Card>

      {showing && secret && (
        <SecretDialog title="Your website’s key" secret={secret} onClose={() => setShowing(false)}>
          <Text size="sm">It can read the catalog and content and take bookings and orders (the website set of scopes).</Text>
        </SecretDialog>
      )}
    </Stack>
  );
}

function Value({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">{label}</Text>
        <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>{value}</Text>
      </Stack>
      <CopyIcon value={value} label={`Copy the ${label.toLowerCase()}`} />
    </Group>
  );
}

function CreateWebsiteKey({ onCreated }: { onCreated: (secret: string) => void }) {
  const store = useCurrentStore();
  const create = useCreateKey(store.storeId);
  const [name, setName] = useState('Website');
  const [error, setError] = useState<string | null>(null);

  return (
    <form
      noValidate
      onSubmit={async (e) => {
        e.preventDefault();
        if (!name.trim()) return setError('Give the key a name, e.g. the website that will use it');
        setError(null);
        try {
          const result = await create.mutateAsync({ name: name.trim(), scopes: WEBSITE_SCOPES });
          onCreated(result.secret);
        } catch (err) {
          setError(err instanceof Error ? err.message : 'Something went wrong.');
        }
      }}
    >
      <Stack gap="xs">
        <Text size="sm">It may read the catalog and content and take bookings and orders, nothing more. It is shown once.</Text>
        <TextInput label="Key name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} autoComplete="off" error={error} required />
        <Button type="submit" loading={create.isPending} w="fit-content">Create website key</Button>
      </Stack>
    </form>
  );
}

function Snippets({ baseUrl, storeId, apiKey }: { baseUrl: string; storeId: string; apiKey: string }) {
  const sdk = [
    `// Node 20 or later, on your website's server. The SDK (@store-integration/client) comes with the`,
    `// service: \`npm pack -w sdk\` in its repository makes the package to \`npm install\`.`,
    `import { createStoreClient } from '@store-integration/client';`,
    ``,
    `const store = createStoreClient({`,
    `  baseUrl: '${baseUrl}',`,
    `  storeId: '${storeId}',`,
    `  apiKey: process.env.STORE_KEY ?? '${apiKey}', // keep it in your server's secrets`,
    `});`,
    ``,
    `const catalog = await store.catalog.get();`,
    `console.log(catalog.count, 'items:', catalog.products.map((item) => item.name));`,
  ].join('\n');
  const curl = [
    `curl "${baseUrl}/v1IntegrationProducts?storeId=${storeId}" \\`,
    `  -H "x-api-key: ${apiKey}" \\`,
    `  -H "X-Service-Contract-Version: ${CONTRACT_VERSION}"`,
  ].join('\n');
  const fetchCode = [
    `// Node 18 or later, on your website's server: the same call without the SDK.`,
    `const STORE_KEY = process.env.STORE_KEY ?? '${apiKey}';`,
    ``,
    `const response = await fetch('${baseUrl}/v1IntegrationProducts?storeId=${storeId}', {`,
    `  headers: {`,
    `    'x-api-key': STORE_KEY,`,
    `    'Authorization': \`Bearer \${STORE_KEY}\`,`,
    `    'X-Service-Contract-Version': '${CONTRACT_VERSION}',`,
    `  },`,
    `});`,
    `if (!response.ok) throw new Error(\`store API: \${response.status}\`);`,
    `const catalog = await response.json();`,
    `console.log(catalog.count, 'items:', catalog.products.map((item) => item.name));`,
  ].join('\n');

  return (
    <Tabs defaultValue="sdk" keepMounted={false}>
      <Tabs.List aria-label="Snippet language">
        <Tabs.Tab value="sdk">SDK</Tabs.Tab>
        <Tabs.Tab value="curl">curl</Tabs.Tab>
        <Tabs.Tab value="fetch">fetch</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="sdk" pt="sm"><Snippet code={sdk} label="Copy the SDK snippet" /></Tabs.Panel>
      <Tabs.Panel value="curl" pt="sm"><Snippet code={curl} label="Copy the curl command" /></Tabs.Panel>
      <Tabs.Panel value="fetch" pt="sm"><Snippet code={fetchCode} label="Copy the fetch snippet" /></Tabs.Panel>
    </Tabs>
  );
}

function Snippet({ code, label }: { code: string; label: string }) {
  return (
    <Stack gap="xs">
      <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{code}</Code>
      <Group justify="flex-end"><CopyValue value={code} label={label} /></Group>
      {code.includes(KEY_PLACEHOLDER) && (
        <Alert color="gray" role="note" p="xs">
          <Text size="xs">Create a key above to put it in the snippet, or replace <code>{KEY_PLACEHOLDER}</code> with a key you already have.</Text>
        </Alert>
      )}
    </Stack>
  );
}
