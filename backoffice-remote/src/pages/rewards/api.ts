// pages/rewards/api.ts: the rewards API of the back-office (one place for its endpoints and calls).
import { useMemo } from 'react';
import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import { useHttp } from '@hive/shared/shell-contract';
import type {
  GiftCardIssueInput,
  IssuedGiftCard,
  LoyaltySettings,
  giftCardAdjustSchema,
  giftCardLoadSchema,
  giftCardVoidSchema,
  pointsAdjustSchema,
} from '@hive/shared/schemas/backoffice/rewards';
import { API } from '../../api';

/** The collection as the resource frame and `useSaveRecord` take it (`endpoint`, under /api/backoffice). */
export const REWARDS_ENDPOINT = {
  giftCards: 'giftcards',
} as const;

/** Endpoints (GETs read by useApi take these). */
export const REWARDS_URL = {
  giftCards: `${API}/${REWARDS_ENDPOINT.giftCards}`,
  giftCardOptions: `${API}/${REWARDS_ENDPOINT.giftCards}/options`,
  /** One of a card's balance actions. */
  giftCardAction: (id: number, action: GiftCardAction) => `${API}/${REWARDS_ENDPOINT.giftCards}/${id}/${action}`,
  loyalty: `${API}/loyalty`,
  loyaltySettings: `${API}/loyalty/settings`,
  /** A member's points history. */
  loyaltyMember: (customerId: number) => `${API}/loyalty/customers/${customerId}`,
  loyaltyAdjust: (customerId: number) => `${API}/loyalty/customers/${customerId}/adjust`,
} as const;

/** What moves a gift card's balance by hand: load money on it, correct it, or withdraw the card. */
export type GiftCardAction = 'load' | 'adjust' | 'void';
export type GiftCardActionBody =
  z.input<typeof giftCardLoadSchema> | z.input<typeof giftCardAdjustSchema> | z.input<typeof giftCardVoidSchema>;
export type PointsAdjustInput = z.input<typeof pointsAdjustSchema>;

/** The calls: each a typed function; bodies typed from the shared zod schemas. */
export function rewardsApi(http: AxiosInstance) {
  return {
    /** A new card comes back with its full number (shown once). */
    issueGiftCard: async (body: GiftCardIssueInput) =>
      (await http.post<IssuedGiftCard>(REWARDS_URL.giftCards, body)).data,
    giftCardAction: async (id: number, action: GiftCardAction, body: GiftCardActionBody) =>
      (await http.post<unknown>(REWARDS_URL.giftCardAction(id, action), body)).data,
    saveLoyaltySettings: async (body: LoyaltySettings) =>
      (await http.put<unknown>(REWARDS_URL.loyaltySettings, body)).data,
    adjustPoints: async (customerId: number, body: PointsAdjustInput) =>
      (await http.post<unknown>(REWARDS_URL.loyaltyAdjust(customerId), body)).data,
  };
}
export type RewardsApi = ReturnType<typeof rewardsApi>;

/** The area's API on the shell's HTTP client (session headers, 401/403 handling). */
export function useRewardsApi(): RewardsApi {
  const http = useHttp();
  return useMemo(() => rewardsApi(http), [http]);
}
