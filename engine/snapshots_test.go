package engine_test

import (
	"testing"

	"github.com/mjref/mjref/rulesets"
)

// Every family's snapshots of its built-in rulesets (those it registers) are current: made from
// the files and types as they are now, each the very value its YAML decodes to.
func TestSnapshotsCurrent(t *testing.T) {
	for _, f := range rulesets.Families() {
		t.Run(f, func(t *testing.T) {
			if err := rulesets.VerifySnapshots(f); err != nil {
				t.Error(err)
			}
		})
	}
}
