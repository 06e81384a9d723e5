import { useApolloClient, useMutation } from '@apollo/client/react';
import { ANALYSIS_RELOAD_DELAY_MS, AnalysisMessages } from '@domestique/proto/messages';
import { useCallback, useState } from 'react';
import { toast } from '../../../app/toaster';
import { refetchRideData } from '../../strava/hooks/refetch-ride-data';
import { errorMessage } from '../../../app/error-message';
import { ANALYZE_RIDE_MUTATION, MONTHLY_LIMIT_QUERY } from '../graphql/analysis.graphql';

/** Reloads the whole page (spec section 4); a seam for tests. */
export const reloadPage = { run: () => window.location.reload() };

/**
 * "Generate AI Feedback" (spec section 4): pending -> generating ("Analyzing...", button disabled)
 * -> complete. On success the rides refresh, "AI Analysis Complete!" shows and, on ride cards, the
 * page reloads after 2000 ms; on failure the ride stays pending and "Analysis Failed" shows the
 * server's message (e.g. the monthly limit) or the fallback.
 */
export function useAnalyzeRide({ reloadAfter = false }: { reloadAfter?: boolean } = {}) {
  const client = useApolloClient();
  const [analyzeRide] = useMutation(ANALYZE_RIDE_MUTATION);
  const [analyzing, setAnalyzing] = useState<ReadonlySet<string>>(new Set());

  const analyze = useCallback(
    async (rideId: string) => {
      setAnalyzing((current) => new Set(current).add(rideId));
      try {
        const { data } = await analyzeRide({ variables: { rideId } });
        if (!data?.analyzeRide.aiFeedback) throw new Error(AnalysisMessages.invalidResponse);
        toast.success(
          AnalysisMessages.analysisComplete,
          reloadAfter ? AnalysisMessages.feedbackReadyRefreshing : AnalysisMessages.feedbackReady,
        );
        await Promise.all([
          refetchRideData(client),
          client.refetchQueries({ include: [MONTHLY_LIMIT_QUERY] }),
        ]);
        if (reloadAfter) window.setTimeout(() => reloadPage.run(), ANALYSIS_RELOAD_DELAY_MS);
      } catch (error) {
        toast.error('Analysis Failed', errorMessage(error, AnalysisMessages.analysisFailedFallback));
        void client.refetchQueries({ include: [MONTHLY_LIMIT_QUERY] });
      } finally {
        setAnalyzing((current) => {
          const next = new Set(current);
          next.delete(rideId);
          return next;
        });
      }
    },
    [analyzeRide, client, reloadAfter],
  );

  return { analyze, isAnalyzing: (rideId: string) => analyzing.has(rideId) };
}
