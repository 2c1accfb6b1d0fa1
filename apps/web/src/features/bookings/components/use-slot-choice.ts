import type { AvailabilitySlot, IsoDate } from '@portal/domain';
import { useState } from 'react';

/** The Date & Time step's choice: a day, one of its slots, and whether the slot chosen before was taken meanwhile. */
export interface SlotChoice {
  date: IsoDate | undefined;
  slot: AvailabilitySlot | undefined;
  /** The chosen slot was taken by someone else: said above the slots until another day or slot is chosen. */
  slotTaken: boolean;
  chooseDate(date: IsoDate): void;
  chooseSlot(slot: AvailabilitySlot): void;
  /** The server refused the chosen slot as taken: choose again. */
  lostSlot(): void;
  /** Another consultant was chosen: the slot may not be free for them, so it is chosen again. */
  clearSlot(): void;
}

/** The day and slot a client chooses (the booking wizard's first step, a reschedule), starting on `initialDate`. */
export function useSlotChoice(initialDate?: IsoDate): SlotChoice {
  const [date, setDate] = useState(initialDate);
  const [slot, setSlot] = useState<AvailabilitySlot>();
  const [slotTaken, setSlotTaken] = useState(false);
  return {
    date,
    slot,
    slotTaken,
    chooseDate(next) {
      if (next !== date) setSlot(undefined);
      setDate(next);
      setSlotTaken(false);
    },
    chooseSlot(next) {
      setSlot(next);
      setSlotTaken(false);
    },
    lostSlot() {
      setSlot(undefined);
      setSlotTaken(true);
    },
    clearSlot() {
      setSlot(undefined);
      setSlotTaken(false);
    },
  };
}
