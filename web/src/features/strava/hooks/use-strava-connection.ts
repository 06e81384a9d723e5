import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { RideMessages } from '@domestique/proto/messages';
import { useCallback } from 'react';
import { useSession } from '../../../app/session/session-context';
import { toast } from '../../../app/toaster';
import { errorMessage } from '../../../app/error-message';
import { DISCONNECT_STRAVA_MUTATION, STRAVA_CONNECTION_QUERY } from '../graphql/strava.graphql';

/** Whether the rider's Strava is connected (the rides service's own record), and disconnecting it. */
export function useStravaConnection() {
  const client = useApolloClient();
  const { user } = useSession();
  const connection = useQuery(STRAVA_CONNECTION_QUERY, { fetchPolicy: 'cache-and-network' });
  const [runDisconnect, disconnectState] = useMutation(DISCONNECT_STRAVA_MUTATION);

  const disconnect = useCallback(async (): Promise<boolean> => {
    try {
      await runDisconnect();
      client.writeQuery({
        query: STRAVA_CONNECTION_QUERY,
        data: { stravaConnection: { connected: false, athleteId: null, connectedAt: null } },
      });
      if (user)
        client.cache.modify({
          id: client.cache.identify({ __typename: 'User', id: user.id }),
          fields: { stravaId: () => null },
        });
      toast.success('Strava Disconnected', RideMessages.disconnected);
      return true;
    } catch (error) {
      toast.error('Disconnect Failed', errorMessage(error, RideMessages.disconnectFailed));
      return false;
    }
  }, [runDisconnect, client, user]);

  const data = connection.data?.stravaConnection;
  return {
    loading: connection.loading && !data,
    error: connection.error,
    /** spec section 4: connected when stravaId is present */
    connected: data ? data.connected : Boolean(user?.stravaId),
    connectedAt: data?.connectedAt ?? null,
    disconnect,
    disconnecting: disconnectState.loading,
  };
}
