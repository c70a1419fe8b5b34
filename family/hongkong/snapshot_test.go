package hongkong

import "testing"

// Hong Kong's built-in rulesets load from snapshots (start-up parses no YAML), and a snapshot
// checks every file it came from: hk-oldstyle's itself, hk-table and hk.
func TestSnapshots(t *testing.T) {
	if snapshots == nil {
		t.Skip("built without snapshots (mjref_nosnapshot)")
	}
	if got := len(snapshots.Rulesets); got != 3 {
		t.Errorf("%d snapshots, want hk, hk-table and hk-oldstyle", got)
	}
	if sums := snapshots.Rulesets["hk-oldstyle"].Sums; len(sums) != 3 {
		t.Errorf("hk-oldstyle's snapshot checks %d files, want 3 (itself, hk-table and hk)", len(sums))
	}
}
