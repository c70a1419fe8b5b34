package main

import (
	"os"
	"os/exec"
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
