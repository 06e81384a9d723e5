import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createApolloClient } from './apollo-client';
import { AppProviders } from './AppProviders';
import { createAppRouter } from './routing/router';

export function App() {
  const [client] = useState(createApolloClient);
  const [router] = useState(createAppRouter);
  return (
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
