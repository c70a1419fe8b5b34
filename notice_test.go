package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNotice: NOTICE names every module linked into mjref (regenerate it with bash .ci/notice.sh >
// NOTICE after adding a dependency), and LICENSE is there.
func TestNotice(t *testing.T) {
	if _, err := os.Stat("LICENSE"); err != nil {
		t.Fatal(err)
	}
	notice, err := os.ReadFile("NOTICE")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{with .Module}}{{if not .Main}}{{.Path}} {{.Version}}{{end}}{{end}}", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, m := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if m != "" && !strings.Contains(string(notice), "\n"+m+"\n") {
			t.Errorf("NOTICE does not list %s: run bash .ci/notice.sh > NOTICE", m)
		}
	}
}

// TestNoticeKeepsModuleNotices: a linked module that ships a NOTICE file (Apache-2.0 asks that it
// go with the module: go.yaml.in/yaml/v3 has one) has its text in NOTICE.
func TestNoticeKeepsModuleNotices(t *testing.T) {
	notice, err := os.ReadFile("NOTICE")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{with .Module}}{{if not .Main}}{{.Dir}}{{end}}{{end}}", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	seen, n := map[string]bool{}, 0
	for _, dir := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if dir == "" || seen[dir] {
			continue
		}
		seen[dir] = true
		files, _ := filepath.Glob(filepath.Join(dir, "NOTICE*"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			n++
			if !strings.Contains(string(notice), strings.TrimSpace(string(b))) {
				t.Errorf("NOTICE lacks the text of %s: run bash .ci/notice.sh > NOTICE", f)
			}
		}
	}
	if n == 0 {
		t.Error("no linked module ships a NOTICE file: go.yaml.in/yaml/v3 does")
	}
}
