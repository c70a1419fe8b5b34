package rulesets_test

import (
	"github.com/mjref/mjref/rulesets"
	"strings"
	"testing"
)

func TestLoadUploaded(t *testing.T) {
	tests := []struct {
		name, yaml string
		sets       []string
		err        string // "" for none
	}{
		{"extends a built-in", "extends: hk\nname: our table\nhk:\n  cap: 13\n", nil, ""},
		{"with a set", "extends: hk\nname: our table\n", []string{"cap=8"}, ""},
		{"extends a file", "extends: ../family/hongkong/builtin/hk.yaml\nname: x\n", nil, "extends only a built-in ruleset"},
		{"extends an absolute file", "extends: /etc/passwd\nname: x\n", nil, "extends only a built-in ruleset"},
		{"a card file", "extends: american\nname: x\namerican:\n  card: /etc/passwd\n", nil, "built-in card only"},
		{"a built-in card", "extends: american\nname: x\namerican:\n  card: sample-2026\n", nil, ""},
		{"a typo", "extends: hk\nname: x\nhk:\n  capp: 13\n", nil, "upload.yaml:4"},
		{"not YAML", "extends: [hk\n", nil, "upload.yaml"},
		{"not a ruleset", "hello: world\n", nil, "not a ruleset"},
		{"binary", "extends: hk\x00\x01", nil, "not text"},
		{"too big", "extends: hk\n#" + strings.Repeat("x", 1<<20), nil, "over the limit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rs, err := rulesets.LoadUploaded([]byte(tt.yaml), tt.sets...)
			if tt.err == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if hkOf(rs) != nil && tt.name == "extends a built-in" && hkOf(rs).Cap != 13 {
					t.Errorf("cap %d, want 13", hkOf(rs).Cap)
				}
				if hkOf(rs) != nil && tt.name == "with a set" && hkOf(rs).Cap != 8 {
					t.Errorf("cap %d, want 8", hkOf(rs).Cap)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Fatalf("err = %v, want one saying %q", err, tt.err)
			}
		})
	}
}
