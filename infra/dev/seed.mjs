#!/usr/bin/env node
// Seeds the demo rider through the running gateway's real API (so every service hears of it).
import { pathToFileURL } from 'node:url';
import { localEnv } from './env.mjs';

export const DEMO_RIDER = {
  email: 'demo@domestique.app',
  password: 'domestique-demo',
  firstName: 'Demo',
  lastName: 'Rider',
};

export const seedDemo = async (gatewayUrl, origin = gatewayUrl) => {
  const answer = await fetch(`${gatewayUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(DEMO_RIDER),
  });
  if (answer.status === 201) return 'created';
  if (answer.status === 409) return 'exists';
  throw new Error(`Seeding the demo rider failed: ${answer.status} ${await answer.text()}`);
};

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const env = localEnv();
  const url = `http://127.0.0.1:${env.GATEWAY_PORT}`;
  console.log(
    `Demo rider ${await seedDemo(url, new URL(env.PUBLIC_URL).origin)}: ${DEMO_RIDER.email} / ${DEMO_RIDER.password}`,
  );
}
