import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserDataState } from './types';

export interface PersistState {
  /** True once stored data was read (or the read failed, timed out or found nothing). */
  rehydrated: boolean;
}

const initialState: PersistState = { rehydrated: false };

export const persistSlice = createSlice({
  name: 'persist',
  initialState,
  reducers: {
    /** Stored data (already validated), or null when there was none. */
    rehydrated(state, _action: PayloadAction<UserDataState | null>) {
      state.rehydrated = true;
    },
  },
  selectors: {
    selectIsRehydrated: (state) => state.rehydrated,
  },
});

export const { rehydrated } = persistSlice.actions;
export const { selectIsRehydrated } = persistSlice.selectors;
