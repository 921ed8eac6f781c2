"""The results a simulation keeps for scrubbing back (simulation.LiveState): frame -> (N, 3)
float32, copied into blocks of a few megabytes rather than into an array each. A new array a
frame makes the kernel map and zero its pages at first touch (12 us for the Fox's 20 kB); an
allocation of 4 MB or more numpy asks huge pages for, where the same copy takes 3 us."""
import numpy as np

BLOCK_BYTES = 4 * 1024 * 1024  # numpy's threshold for madvise(MADV_HUGEPAGE)


class KeptResults(dict):
    """A dict frame -> positions (read-only use: they are views of shared blocks) whose keep()
    copies a frame's positions in."""

    def __init__(self):
        super().__init__()
        self._block = None
        self._used = 0

    def keep(self, frame, positions):
        if self._block is None or self._used == len(self._block) or self._block.shape[1:] != positions.shape:
            rows = max(1, -(-BLOCK_BYTES // max(positions.nbytes, 1)))
            self._block, self._used = np.empty((rows, *positions.shape), dtype=np.float32), 0
        slot = self._block[self._used]
        self._used += 1
        slot[...] = positions
        self[frame] = slot
