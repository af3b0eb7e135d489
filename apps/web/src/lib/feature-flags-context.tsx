import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { applyFeatureFlagParams, type FeatureFlags, readFeatureFlags } from "./feature-flags";

const FeatureFlagsContext = createContext<FeatureFlags>({});

/** Picks up `features.*` URL parameters on every navigation and shares the remembered flags. */
export function FeatureFlagsProvider({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  const [flags, setFlags] = useState<FeatureFlags>(() => applyFeatureFlagParams(window.location.search));
  useEffect(() => {
    setFlags(search.includes("features.") ? applyFeatureFlagParams(search) : readFeatureFlags());
  }, [search]);
  return <FeatureFlagsContext.Provider value={flags}>{children}</FeatureFlagsContext.Provider>;
}

export function useFeatureFlags(): FeatureFlags {
  return useContext(FeatureFlagsContext);
}

export function useFeatureFlag(name: string): boolean {
  return useFeatureFlags()[name] === true;
}
