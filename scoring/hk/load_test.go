package hk_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjref/mjref/scoring/hk"
	"go.yaml.in/yaml/v3"
)

// Until rulesets.Load lands, the tests read the built-in YAML themselves: extends: resolved by merging
// mappings, then the hk: section decoded strictly (KnownFields) and validated.

type rulesetFile struct {
	Name        string    `yaml:"name"`
	Extends     string    `yaml:"extends"`
	Family      string    `yaml:"family"`
	Description string    `yaml:"description"`
	HK          yaml.Node `yaml:"hk"`
	// Other sections (settlement, flow, referee) belong to other packages.
	Other map[string]yaml.Node `yaml:",inline"`
}

func readRuleset(t testing.TB, name string) *yaml.Node {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "family", "hongkong", "builtin", name+".yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var f rulesetFile
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		t.Fatalf("%s.yaml: %v", name, err)
	}
	if f.Name != name || f.Family != "hk" || f.Description == "" {
		t.Fatalf("%s.yaml: name %q, family %q, description %q", name, f.Name, f.Family, f.Description)
	}
	sec := f.HK
	if f.Extends != "" {
		base := readRuleset(t, f.Extends)
		merge(base, &sec)
		return base
	}
	return &sec
}

// merge overlays over onto base: mappings merge key by key, anything else replaces.
func merge(base, over *yaml.Node) {
	if over.Kind == 0 { // the file has no hk: section (hk-table changes only the settlement)
		return
	}
	if base.Kind != yaml.MappingNode || over.Kind != yaml.MappingNode {
		*base = *over
		return
	}
	for i := 0; i+1 < len(over.Content); i += 2 {
		k, v := over.Content[i], over.Content[i+1]
		found := false
		for j := 0; j+1 < len(base.Content); j += 2 {
			if base.Content[j].Value == k.Value {
				merge(base.Content[j+1], v)
				found = true
				break
			}
		}
		if !found {
			base.Content = append(base.Content, k, v)
		}
	}
}

// setKey applies one --set style override (a dotted key below hk:) to the section.
func setKey(t testing.TB, sec *yaml.Node, key, value string) {
	t.Helper()
	n := sec
	parts := strings.Split(key, ".")
	for i, p := range parts {
		var next *yaml.Node
		for j := 0; j+1 < len(n.Content); j += 2 {
			if n.Content[j].Value == p {
				next = n.Content[j+1]
			}
		}
		if next == nil {
			next = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
			if i == len(parts)-1 {
				next = &yaml.Node{Kind: yaml.ScalarNode}
			}
			n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: p}, next)
		}
		n = next
	}
	// The value is YAML, as --set reads it: "[]" is an empty list, "[a, b]" a list.
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(value), &doc); err == nil && len(doc.Content) == 1 && doc.Content[0].Kind != yaml.ScalarNode {
		*n = *doc.Content[0]
		return
	}
	*n = yaml.Node{Kind: yaml.ScalarNode, Value: value}
}

// decodeRules decodes a section strictly and validates it.
func decodeRules(sec *yaml.Node) (*hk.Rules, error) {
	b, err := yaml.Marshal(sec)
	if err != nil {
		return nil, err
	}
	var r hk.Rules
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&r); err != nil {
		return nil, err
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	return &r, nil
}

// loadRules loads a built-in ruleset's hk: section with overrides applied.
func loadRules(t testing.TB, name string, set map[string]string) *hk.Rules {
	t.Helper()
	sec := readRuleset(t, name)
	for k, v := range set {
		setKey(t, sec, k, v)
	}
	r, err := decodeRules(sec)
	if err != nil {
		t.Fatalf("ruleset %s with %v: %v", name, set, err)
	}
	return r
}

func TestBuiltinRulesetsLoad(t *testing.T) {
	for _, name := range []string{"hk", "hk-table", "hk-oldstyle"} {
		t.Run(name, func(t *testing.T) {
			r := loadRules(t, name, nil)
			for _, id := range hk.ItemIDs {
				d := r.Items[id]
				if d == nil || d.Name == "" || d.ZH == "" {
					t.Errorf("item %s: %+v", id, d)
				}
			}
		})
	}
}

func TestHKDefaults(t *testing.T) {
	r := loadRules(t, "hk", nil)
	got := map[string]string{}
	for id, d := range r.Items {
		if d.Value != nil {
			got[id] = d.Value.String()
		}
	}
	// The issue 3 table, exactly.
	want := map[string]string{
		"chicken-hand": "0", "common-hand": "1", "all-pongs": "3", "mixed-one-suit": "3", "all-one-suit": "7",
		"mixed-orphans": "1", "dragon-pong": "1", "seat-wind": "1", "prevailing-wind": "1", "small-dragons": "5",
		"big-dragons": "8", "small-winds": "6", "big-winds": "limit", "all-honours": "10", "all-terminals": "10",
		"nine-gates": "10", "four-concealed-pongs": "8", "four-kongs": "limit", "thirteen-orphans": "limit",
		"self-draw": "1", "concealed-hand": "1", "kong-replacement": "1", "kong-on-kong": "8",
		"flower-replacement": "1", "robbing-kong": "1", "last-tile-draw": "1", "last-tile-discard": "1",
		"heavenly": "limit", "earthly": "limit", "seat-flower": "1", "flower-set": "2", "no-flowers": "1",
		"eight-flowers": "8",
	}
	for id, v := range want {
		if got[id] != v {
			t.Errorf("hk.yaml %s = %q, want %q", id, got[id], v)
		}
	}
	if r.MinFaan != 3 || r.Cap != 10 || r.SevenPairs != hk.Off {
		t.Errorf("min %d cap %d seven pairs %s, want 3, 10, off", r.MinFaan, r.Cap, r.SevenPairs)
	}
}

func TestValidateErrors(t *testing.T) {
	tests := []struct {
		name string
		set  map[string]string
		want string
	}{
		{"negative cap", map[string]string{"cap": "-1"}, "cap: cap -1: expected 0 (no cap) to 99"},
		{"minimum above cap", map[string]string{"min_faan": "11"}, "min_faan: minimum faan 11 is above the cap 10: no hand could win"},
		{"unknown item", map[string]string{"items.tiny-winds.value": "3"}, `items.tiny-winds: unknown item id "tiny-winds"`},
		{"bad value", map[string]string{"items.small-winds.value": "lots"}, `faan value "lots": expected a whole number from 0 to 99, limit or off`},
		{"limit per pong", map[string]string{"items.dragon-pong.value": "limit"}, "items.dragon-pong.value: dragon-pong is paid per set or tile: it cannot be a limit"},
		{"seven pairs value in items", map[string]string{"items.seven-pairs.value": "4"}, "items.seven-pairs.value: seven-pairs takes its value from the seven_pairs option"},
		{"missing name", map[string]string{"items.common-hand.name": ""}, "items.common-hand.name: missing English name"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sec := readRuleset(t, "hk")
			for k, v := range tc.set {
				setKey(t, sec, k, v)
			}
			_, err := decodeRules(sec)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestUnknownOptionRejected(t *testing.T) {
	sec := readRuleset(t, "hk")
	setKey(t, sec, "seven_pair", "4")
	if _, err := decodeRules(sec); err == nil || !strings.Contains(err.Error(), "seven_pair") {
		t.Errorf("error %v, want the unknown key named", err)
	}
}

func FuzzFaanUnmarshalText(f *testing.F) {
	for _, s := range []string{"0", "3", "10", "limit", "off", "LIMIT", " 7 ", "-1", "100", "x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var v hk.Faan
		if err := v.UnmarshalText([]byte(s)); err != nil {
			return
		}
		if v < hk.Off || v > 99 {
			t.Fatalf("%q decoded to %d", s, v)
		}
		b, _ := v.MarshalText()
		var w hk.Faan
		if err := w.UnmarshalText(b); err != nil || w != v {
			t.Fatalf("%q -> %s -> %v, %v", s, b, w, err)
		}
	})
}
