package cmd

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mjref/mjref/referee/ledger/chart"
	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"mjref": func() { os.Exit(mainNamingCites()) },
	})
}

// dejavuSans is where Debian and Ubuntu install DejaVu Sans, a font without CJK characters.
const dejavuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

// TestScripts runs the CLI scripts in testdata/script: each holds commands, inputs and golden output.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: os.Getenv("UPDATE_SCRIPTS") != "",
		// [cjkfont]: one of the system CJK fonts the chart looks for is installed and draws Chinese; [dejavu]: the
		// DejaVu Sans font (no CJK) is, at dejavuSans.
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "cjkfont":
				return chart.SystemFont("張三李四") != "", nil
			case "dejavu":
				_, err := os.Stat(dejavuSans)
				return err == nil, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Setup: func(env *testscript.Env) error {
			// Keep the user's preferences out of the tests.
			env.Setenv("XDG_CONFIG_HOME", env.WorkDir+"/.config")
			env.Setenv("HOME", env.WorkDir)
			// The documents the scripts print, for the outside validator (dump_test.go).
			if dir := os.Getenv(dumpEnv); dir != "" {
				env.Setenv(dumpEnv, dir)
			}
			// The repository's examples/ are at hand as examples/, as in a checkout.
			return os.CopyFS(filepath.Join(env.WorkDir, "examples"), os.DirFS(filepath.Join("..", "examples")))
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// mkfifo NAME: make a named pipe (skips the script where there are none).
			"mkfifo": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 1 {
					ts.Fatalf("usage: mkfifo NAME")
				}
				mkfifo(ts, ts.MkAbs(args[0]))
			},
			// envq NAME TEXT: set NAME to TEXT with Go escapes read (\x1b is ESC), for arguments
			// holding control characters ($NAME).
			"envq": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: envq NAME TEXT")
				}
				v, err := strconv.Unquote(`"` + args[1] + `"`)
				ts.Check(err)
				ts.Setenv(args[0], v)
			},
			// repeat [-a] FILE N TEXT [TAIL]: write TEXT (Go escapes such as \n work) N times,
			// then TAIL; -a appends to FILE.
			"repeat": func(ts *testscript.TestScript, neg bool, args []string) {
				appendTo := len(args) > 0 && args[0] == "-a"
				if appendTo {
					args = args[1:]
				}
				if neg || len(args) < 3 || len(args) > 4 {
					ts.Fatalf("usage: repeat [-a] FILE N TEXT [TAIL]")
				}
				n, err := strconv.Atoi(args[1])
				ts.Check(err)
				unq := func(s string) string {
					u, err := strconv.Unquote(`"` + s + `"`)
					ts.Check(err)
					return u
				}
				data := strings.Repeat(unq(args[2]), n)
				if len(args) == 4 {
					data += unq(args[3])
				}
				flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
				if appendTo {
					flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
				}
				f, err := os.OpenFile(ts.MkAbs(args[0]), flag, 0o644)
				ts.Check(err)
				_, err = f.WriteString(data)
				ts.Check(err)
				ts.Check(f.Close())
			},
			// status N cmd args...: run cmd and require exit status N exactly.
			"status": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) < 2 {
					ts.Fatalf("usage: status N command [args...]")
				}
				want, err := strconv.Atoi(args[0])
				if err != nil {
					ts.Fatalf("status: %v", err)
				}
				err = ts.Exec(args[1], args[2:]...)
				got := 0
				if err != nil {
					msg := err.Error()
					i := strings.LastIndex(msg, "exit status ")
					if i < 0 {
						ts.Fatalf("status: %v", err)
					}
					got, _ = strconv.Atoi(strings.TrimSpace(msg[i+len("exit status "):]))
				}
				if got != want {
					ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
				}
			},
		},
	})
}
