package rulesets

import (
	"bytes"
	"go/format"
	"os"
	"reflect"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The committed snapshot is what go generate writes now.
func TestSnapshotCurrent(t *testing.T) {
	want, err := SnapshotSource()
	if err == nil {
		want, err = format.Source(want)
	}
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("snapshot_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("rulesets/snapshot_gen.go is stale (a built-in ruleset, a card or a ruleset type changed): run go generate ./rulesets")
	}
}

// A ruleset from the snapshot is the very value the YAML decodes to, prepared for scoring the same
// way, and it prints the same resolved YAML.
func TestSnapshotMatchesYAML(t *testing.T) {
	for _, name := range builtinNames() {
		t.Run(name, func(t *testing.T) {
			snap := fromSnapshot(name)
			if snap == nil {
				t.Fatal("no current snapshot: run go generate ./rulesets")
			}
			slow, err := loadYAML(name)
			if err != nil {
				t.Fatal(err)
			}
			wantYAML, err := slow.YAML()
			if err != nil {
				t.Fatal(err)
			}
			gotYAML, err := snap.YAML()
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(string(wantYAML), string(gotYAML)); diff != "" {
				t.Errorf("YAML() (-yaml +snapshot):\n%s", diff)
			}
			fast, err := Load(name)
			if err != nil {
				t.Fatal(err)
			}
			if fast.snapshot != name {
				t.Errorf("Load(%q) did not use the snapshot", name)
			}
			for _, rs := range []*Ruleset{snap, slow, fast} {
				rs.node, rs.snapshot = nil, ""
			}
			if !reflect.DeepEqual(slow, snap) || !reflect.DeepEqual(slow, fast) {
				all := cmp.Exporter(func(reflect.Type) bool { return true })
				t.Errorf("snapshot differs from the YAML (-yaml +snapshot):\n%s", cmp.Diff(slow, snap, all))
			}
		})
	}
}

// A snapshot made before its file changed is never used: Load reads the YAML instead.
func TestSnapshotStaleIsIgnored(t *testing.T) {
	if fromSnapshot("hk-oldstyle") == nil {
		t.Fatal("the current snapshot was refused")
	}
	saved := snapshots["hk-oldstyle"]
	defer func() { snapshots["hk-oldstyle"] = saved }()
	for i := range saved.sums {
		stale := saved
		stale.sums = slices.Clone(saved.sums)
		stale.sums[i].crc++ // as if this file had changed since go generate
		snapshots["hk-oldstyle"] = stale
		if fromSnapshot("hk-oldstyle") != nil {
			t.Errorf("a snapshot made before %s changed was used", stale.sums[i].name)
		}
		if rs, err := Load("hk-oldstyle"); err != nil || rs.snapshot != "" {
			t.Errorf("Load with a stale snapshot: snapshot %q, err %v", rs.snapshot, err)
		}
	}
	if len(saved.sums) != 3 {
		t.Errorf("hk-oldstyle's snapshot checks %d files, want 3 (itself, hk-table and hk)", len(saved.sums))
	}
	if snapshotShape != shapeCRC() {
		t.Error("the ruleset types changed since go generate: run go generate ./rulesets")
	}
}

// A snapshot that fails validation is not used either.
func TestSnapshotInvalidIsIgnored(t *testing.T) {
	saved := snapshots["hk"]
	defer func() { snapshots["hk"] = saved }()
	snapshots["hk"] = snapshot{sums: saved.sums, build: func() *Ruleset {
		rs := saved.build()
		rs.HK.MinFaan = 300
		return rs
	}}
	if fromSnapshot("hk") != nil {
		t.Error("a snapshot that fails validation was used")
	}
}

// With overrides, Load reads the YAML (so --set errors cite their key) and the snapshot is untouched.
func TestOverridesBypassSnapshot(t *testing.T) {
	rs, err := Load("hk", "cap=13")
	if err != nil {
		t.Fatal(err)
	}
	if rs.snapshot != "" || rs.HK.Cap != 13 {
		t.Errorf("snapshot %q, cap %d", rs.snapshot, rs.HK.Cap)
	}
	if again, _ := Load("hk"); again.HK.Cap != 10 {
		t.Errorf("hk cap %d after an override elsewhere, want 10", again.HK.Cap)
	}
}
