// Where each seat sits around the table, in the game's turn direction.

const CLOCKWISE = { nimby: true, tumbochka: true, nestors: false };

/**
 * Position of `seat` seen from `mySeat` (always at the bottom).
 * Clockwise games: the next seat sits on my left; Nestors (anticlockwise): on my right.
 */
export function seatPosition(game, players, mySeat, seat) {
  const offset = (seat - mySeat + players) % players;
  if (offset === 0) return "bottom";
  const clockwise = CLOCKWISE[game] !== false;
  if (players === 3) return (offset === 1) === clockwise ? "left" : "right";
  if (offset === 2) return "top";
  return (offset === 1) === clockwise ? "left" : "right";
}
