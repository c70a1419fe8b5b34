package rulesets

import (
	"go/format"
	"hash/crc32"
	"io/fs"
	"strings"
	"testing"

	"github.com/mjref/mjref/scoring"
)

// toySnapshots gives the toy section the snapshots go generate would write for it; edit, when
// given, changes the value toy's snapshot builds.
func toySnapshots(edit func(*toyRules)) func(*Section) {
	return func(s *Section) {
		sum := func(name string) FileSum {
			b, _ := fs.ReadFile(s.Builtins, name+".yaml")
			return FileSum{Name: name, CRC: crc32.Checksum(b, castagnoli())}
		}
		yaku := func() map[string]*toyYaku {
			return map[string]*toyYaku{"tanyao": {Value: 1, Source: scoring.Source{Ruleset: "toy", Line: 8}}}
		}
		s.Snapshots = &Snapshots{
			Shape: shapeCRC(section{Section: *s}),
			Rulesets: map[string]Snapshot{
				"toy": {Sums: []FileSum{sum("toy")}, Build: func() *Ruleset {
					sec := &toyRules{MinPoints: 1, Yaku: yaku()}
					if edit != nil {
						edit(sec)
					}
					return Snapshotted(&Ruleset{Name: "toy", Family: "toy", Description: "a toy family", File: "toy.yaml"}, sec)
				}},
				"toy-plus": {Sums: []FileSum{sum("toy-plus"), sum("toy")}, Build: func() *Ruleset {
					return Snapshotted(&Ruleset{Name: "toy-plus", Extends: "toy", Family: "toy", Description: "a toy family", File: "toy-plus.yaml"},
						&toyRules{MinPoints: 2, Yaku: yaku()})
				}},
			},
		}
	}
}

// A built-in with a current snapshot loads from it, validated and prepared as the YAML is (its
// hooks run), and VerifySnapshots finds it the very value its YAML decodes to.
func TestSnapshotUsed(t *testing.T) {
	registerToy(t, toySnapshots(nil))
	for _, name := range []string{"toy", "toy-plus"} {
		rs, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		if rs.snapshot != name || rs.Kept() == nil {
			t.Errorf("Load(%q): snapshot %q, kept %v", name, rs.snapshot, rs.Kept())
		}
	}
	if err := VerifySnapshots("toy"); err != nil {
		t.Error(err)
	}
	if err := VerifySnapshots("other"); err != nil {
		t.Errorf("a family without snapshots: %v", err)
	}
}

// A snapshot made before one of its files changed is never used: Load reads the YAML instead, and
// VerifySnapshots says to regenerate.
func TestSnapshotStaleIsIgnored(t *testing.T) {
	for i := range 2 {
		unregister("toy", "other")
		registerToy(t, func(s *Section) {
			toySnapshots(nil)(s)
			snap := s.Snapshots.Rulesets["toy-plus"]
			snap.Sums[i].CRC++ // as if this file had changed since go generate
			s.Snapshots.Rulesets["toy-plus"] = snap
		})
		if fromSnapshot("toy-plus") != nil {
			t.Errorf("a snapshot made before file %d changed was used", i)
		}
		if rs, err := Load("toy-plus"); err != nil || rs.snapshot != "" {
			t.Errorf("Load with a stale snapshot: %v", err)
		}
		if err := VerifySnapshots("toy"); err == nil || !strings.Contains(err.Error(), "run go generate") {
			t.Errorf("VerifySnapshots = %v", err)
		}
	}
}

// A snapshot that fails validation is not used either; one that differs from its YAML, or was
// made for other types, fails VerifySnapshots.
func TestSnapshotInvalidIsIgnored(t *testing.T) {
	registerToy(t, toySnapshots(func(r *toyRules) { r.MinPoints = -1 }))
	if fromSnapshot("toy") != nil {
		t.Error("a snapshot that fails validation was used")
	}
	unregister("toy", "other")
	registerToy(t, toySnapshots(func(r *toyRules) { r.MinPoints = 3 }))
	if err := VerifySnapshots("toy"); err == nil || !strings.Contains(err.Error(), "differs from its YAML") {
		t.Errorf("VerifySnapshots of a snapshot that differs = %v", err)
	}
	unregister("toy", "other")
	registerToy(t, func(s *Section) { toySnapshots(nil)(s); s.Snapshots.Shape++ })
	if err := VerifySnapshots("toy"); err == nil || !strings.Contains(err.Error(), "a ruleset type changed") {
		t.Errorf("VerifySnapshots after a type change = %v", err)
	}
}

// With overrides, Load reads the YAML (so --set errors cite their key) and the snapshot is untouched.
func TestOverridesBypassSnapshot(t *testing.T) {
	registerToy(t, toySnapshots(nil))
	rs, err := Load("toy", "min_points=4")
	if err != nil {
		t.Fatal(err)
	}
	if rs.snapshot != "" || SectionOf[*toyRules](rs, "toy").MinPoints != 4 {
		t.Errorf("snapshot %q, min_points %d", rs.snapshot, SectionOf[*toyRules](rs, "toy").MinPoints)
	}
	if again, _ := Load("toy"); SectionOf[*toyRules](again, "toy").MinPoints != 1 || again.snapshot != "toy" {
		t.Errorf("toy after an override elsewhere: %+v", SectionOf[*toyRules](again, "toy"))
	}
}

// SnapshotSource writes Go that gofmt takes, naming the types of other packages by their package
// and those of the package written unqualified.
func TestSnapshotSource(t *testing.T) {
	registerToy(t, nil)
	src, err := SnapshotSource("toy", "rulesets", thisPkg)
	if err != nil {
		t.Fatal(err)
	}
	src, err = format.Source(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"package rulesets\n",
		"\t\"github.com/mjref/mjref/scoring\"\n",
		"var snapshots = &Snapshots{",
		`"toy-plus": {`,
		"Sums: []FileSum{{Name: \"toy-plus\", CRC: 0x",
		"return Snapshotted(&Ruleset{",
		"}, &toyRules{",
		"Source: scoring.Source{",
	} {
		if !strings.Contains(string(src), want) {
			t.Errorf("the source has no %q:\n%s", want, src)
		}
	}
	if _, err := SnapshotSource("nosuch", "x", "x"); err == nil {
		t.Error("a snapshot of no section")
	}
}

// unregister takes the sections of families out.
func unregister(families ...string) {
	sectionsMu.Lock()
	defer sectionsMu.Unlock()
	for _, f := range families {
		for i, s := range sections {
			if s.Family == f {
				sections = append(sections[:i], sections[i+1:]...)
				break
			}
		}
	}
	decodeTypeCache = nil
}
