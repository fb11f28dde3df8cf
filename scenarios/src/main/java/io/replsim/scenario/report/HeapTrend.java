package io.replsim.scenario.report;

/**
 * How one node process's heap after GC moved over its life: the floor of each minute (the least the heap held
 * after a collection in it) and the least-squares slope of those floors. Young collections leave promoted garbage
 * in the old generation until a concurrent cycle clears it, so single readings saw-tooth; the floor follows the
 * live data, which is what grows when something leaks. The first minute of a life is left out: the node is still
 * filling with its sessions.
 *
 * @param life                    1 for the node's first process, 2 after its first restart, ...
 * @param fromMs                  the first reading used, ms after the start of the load
 * @param minutes                 minutes with a reading, the points of the slope
 * @param slopeBytesPerMinute     null with fewer than 3 minutes
 * @param basis                   whether the floors are after the node's own collections or after forced full ones
 */
public record HeapTrend(String node, int life, long fromMs, long toMs, int minutes, Long firstFloorBytes,
                        Long lastFloorBytes, Double slopeBytesPerMinute, HeapBasis basis) {
}
