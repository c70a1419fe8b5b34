// The README is tested: every example in it is run and its output compared with what it shows.
//
// How it works. Every ```console block of README.md holds examples: a line starting "$ " is a command
// (continued on the next line when it ends in a backslash), and the lines after it, up to the next "$ " line
// or the end of the block, are its expected output, standard output and standard error together in the order
// written. The commands of the whole README run one after another with sh, in one scratch directory holding a
// copy of examples/ (so `mjref referee examples/responsibility.yaml` works as written, and a ledger made by one
// example is there for the next), with mjref on PATH, COLUMNS=80, and no preferences or MJREF_* variables.
// Output must match exactly, with two ways to elide:
//   - a line that is just "..." stands for any number of lines (zero or more);
//   - "..." inside a line stands for any text within that line.
//
// A "$ mjref serve ..." example whose output starts "mjref: serving" runs in the background for the rest of
// the README (its output is the URL line; its request log is not shown), so the curl examples after it ask
// it; the README writes 127.0.0.1:8787 and the test uses a free port, rewriting the address both ways. The
// server must stop cleanly on SIGINT when the test ends. The curl examples run curl, or where there is none a
// small stand-in (miniCurl) that takes the options they use.
//
// Every line must fit 80 columns, except in machine formats (-o json, jsonl, yaml, csv, curl's JSON) and `rules show`
// (a ruleset file as it is). Trailing blank lines of an example are ignored (they separate examples). An example exits with any status
// but 3 (a bug). A ```yaml block whose first line is "# examples/NAME" must be exactly the file examples/NAME.
//
// To add an example: put the file it reads under examples/, write "$ mjref ..." in a ```console block, then
// run
//
//	UPDATE_README=1 go test -run TestREADME .
//
// which rewrites the output of every example that does not match with what mjref prints now (in full: put
// back any "..." elision by hand), and review the change with git diff. Plain `go test ./...` checks it.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/cmd"
	"github.com/mjref/mjref/internal/tablefit"
	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain makes this test binary answer as mjref when run under that name, so the README's commands run the
// real command line without a separate build.
func TestMain(m *testing.M) {
	cmds := map[string]func(){
		"mjref": func() { os.Exit(cmd.Main()) },
	}
	// Decided once, by the test process: its commands find the stand-in itself on PATH.
	if os.Getenv(miniCurlEnv) == "" {
		if _, err := exec.LookPath("curl"); err != nil {
			os.Setenv(miniCurlEnv, "1")
		}
	}
	if os.Getenv(miniCurlEnv) == "1" {
		cmds["curl"] = func() { os.Exit(miniCurl(os.Args[1:])) } // see miniCurl
	}
	testscript.Main(m, cmds)
}

// miniCurlEnv is set to 1 when the README's curl is miniCurl.
const miniCurlEnv = "README_TEST_MINICURL"

// miniCurl stands in for curl where there is none, so the README's API examples run anyway: it
// takes what they use (-s, -X METHOD, -d/--data-binary DATA or @-, -H "Name: value", -w with
// %{http_code} and \n, one URL) and prints the answer's body, then the -w text. Where curl is
// installed (.ci/run installs it) the examples run the real one.
func miniCurl(args []string) int {
	method, data, format, url := "", "", "", ""
	var headers [][2]string
	hasData := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := func() string {
			i++
			if i >= len(args) {
				fmt.Fprintf(os.Stderr, "curl: %s needs a value\n", a)
				os.Exit(2)
			}
			return args[i]
		}
		switch a {
		case "-s", "--silent":
		case "-X", "--request":
			method = next()
		case "-d", "--data", "--data-binary":
			data, hasData = next(), true
			if data == "@-" {
				b, _ := io.ReadAll(os.Stdin)
				data = string(b)
			}
		case "-H", "--header":
			k, v, _ := strings.Cut(next(), ":")
			headers = append(headers, [2]string{k, strings.TrimSpace(v)})
		case "-w", "--write-out":
			format = next()
		default:
			if strings.HasPrefix(a, "-") {
				fmt.Fprintf(os.Stderr, "curl (the README test's stand-in): %s is not supported\n", a)
				return 2
			}
			url = a
		}
	}
	if !strings.Contains(url, "://") {
		url = "http://" + url
	}
	if method == "" {
		method = "GET"
		if hasData {
			method = "POST"
		}
	}
	req, err := http.NewRequest(method, url, strings.NewReader(data))
	if err != nil {
		fmt.Fprintf(os.Stderr, "curl: %v\n", err)
		return 3
	}
	if hasData {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded") // as curl -d sends
	}
	for _, h := range headers {
		req.Header.Set(h[0], h[1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintf(os.Stderr, "curl: %v\n", err)
		return 7
	}
	defer resp.Body.Close()
	_, _ = io.Copy(os.Stdout, resp.Body)
	format = strings.ReplaceAll(format, "%{http_code}", strconv.Itoa(resp.StatusCode))
	fmt.Print(strings.ReplaceAll(format, `\n`, "\n"))
	return 0
}

// servedAddr is where the README's `mjref serve` examples listen: the README shows 127.0.0.1:8787,
// and the test uses a free port of its own (other tests may hold 8787), rewriting the address in
// commands and back in their output.
type servedAddr struct {
	shown, addr string
	procs       []*exec.Cmd
}

func newServedAddr(t *testing.T) *servedAddr {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	a := &servedAddr{shown: "127.0.0.1:8787", addr: ln.Addr().String()}
	ln.Close()
	t.Cleanup(func() { a.stop(t) })
	return a
}

// in is command with the shown address replaced by the test's.
func (a *servedAddr) in(command string) string { return strings.ReplaceAll(command, a.shown, a.addr) }

// isServe says whether ex starts a server that keeps running: "$ mjref serve ..." whose output
// says it serves. (A refused serve exits at once and is run as any example.)
func isServe(ex example) bool {
	return strings.HasPrefix(ex.command, "mjref serve") && len(ex.want) > 0 && strings.HasPrefix(ex.want[0], "mjref: serving")
}

// start runs a "mjref serve" example in the background, on the test's address, and returns its
// first line of standard output (the URL), once it has printed it: the server then listens. Its
// request log (standard error) is not part of the example. It is stopped with SIGINT when the
// test ends, and must then exit 0.
func (a *servedAddr) start(t *testing.T, sh, dir string, env []string, command string) string {
	t.Helper()
	command = a.in(command)
	if !strings.Contains(command, "--addr") {
		command += " --addr " + a.addr
	}
	c := exec.Command(sh, "-c", "exec "+command)
	c.Dir = dir
	c.Env = env
	var log bytes.Buffer
	c.Stderr = &log
	out, err := c.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(); err != nil {
		t.Fatalf("%s: %v", command, err)
	}
	a.procs = append(a.procs, c)
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Errorf("%s: no URL printed (%v); stderr:\n%s", command, err, log.String())
	}
	go func() { _, _ = io.Copy(io.Discard, out) }()
	return line
}

// stop ends the servers with SIGINT, as Ctrl-C does; each must shut down cleanly.
func (a *servedAddr) stop(t *testing.T) {
	for _, c := range a.procs {
		_ = c.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() { done <- c.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("README's mjref serve after SIGINT: %v (want exit 0)", err)
			}
		case <-time.After(15 * time.Second):
			_ = c.Process.Kill()
			t.Errorf("README's mjref serve did not stop on SIGINT")
		}
	}
}

// example is one "$ mjref ..." of the README with the output it shows.
type example struct {
	line    int      // 1-based README line of the "$ "
	command string   // the shell command, continuation lines joined with newlines
	want    []string // expected output lines
	// outFrom, outTo: the README line indexes (0-based, half open) of the expected output, for -update.
	outFrom, outTo int
}

// fileBlock is a ```yaml block that claims to be a file under examples/.
type fileBlock struct {
	line int
	name string
	text string
}

// parseREADME returns the examples of the console blocks and the yaml blocks naming example files.
func parseREADME(lines []string) ([]example, []fileBlock, error) {
	var exs []example
	var files []fileBlock
	for i := 0; i < len(lines); i++ {
		fence := strings.TrimSpace(lines[i])
		if fence != "```console" && fence != "```yaml" {
			continue
		}
		start := i
		end := i + 1
		for end < len(lines) && strings.TrimSpace(lines[end]) != "```" {
			end++
		}
		if end == len(lines) {
			return nil, nil, fmt.Errorf("README.md:%d: unclosed %s block", start+1, fence)
		}
		body := lines[start+1 : end]
		i = end
		if fence == "```yaml" {
			if len(body) > 0 && strings.HasPrefix(body[0], "# examples/") {
				name := strings.Fields(strings.TrimPrefix(body[0], "# "))[0]
				files = append(files, fileBlock{line: start + 2, name: name, text: strings.Join(body, "\n") + "\n"})
			}
			continue
		}
		for j := 0; j < len(body); {
			if !strings.HasPrefix(body[j], "$ ") {
				return nil, nil, fmt.Errorf("README.md:%d: console block text before any \"$ \" command", start+2+j)
			}
			ex := example{line: start + 2 + j}
			cmdLines := []string{strings.TrimPrefix(body[j], "$ ")}
			j++
			for strings.HasSuffix(cmdLines[len(cmdLines)-1], `\`) && j < len(body) {
				cmdLines = append(cmdLines, body[j])
				j++
			}
			ex.command = strings.Join(cmdLines, "\n")
			ex.outFrom = start + 1 + j
			for j < len(body) && !strings.HasPrefix(body[j], "$ ") {
				ex.want = append(ex.want, body[j])
				j++
			}
			ex.outTo = start + 1 + j
			for len(ex.want) > 0 && strings.TrimSpace(ex.want[len(ex.want)-1]) == "" {
				ex.want = ex.want[:len(ex.want)-1]
				ex.outTo--
			}
			exs = append(exs, ex)
		}
	}
	return exs, files, nil
}

// matcher turns expected lines with "..." elisions into an anchored regular expression.
func matcher(want []string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString(`\A`)
	for _, l := range want {
		if l == "..." {
			b.WriteString(`(?:[^\n]*\n)*?`)
			continue
		}
		parts := strings.Split(l, "...")
		for k, p := range parts {
			if k > 0 {
				b.WriteString(`[^\n]*?`)
			}
			b.WriteString(regexp.QuoteMeta(p))
		}
		b.WriteString(`\n`)
	}
	b.WriteString(`\z`)
	return regexp.MustCompile(b.String())
}

// normalise returns out as lines ending in newlines, without trailing blank lines.
func normalise(out string) string {
	lines := strings.Split(out, "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

func TestREADME(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to run the README's commands with")
	}
	raw, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(raw), "\n")
	exs, files, err := parseREADME(lines)
	if err != nil {
		t.Fatal(err)
	}
	if len(exs) == 0 {
		t.Fatal("README.md has no console examples")
	}

	for _, f := range files {
		got, err := os.ReadFile(f.name)
		if err != nil {
			t.Errorf("README.md:%d: the yaml block names %s: %v", f.line, f.name, err)
			continue
		}
		if string(got) != f.text {
			t.Errorf("README.md:%d: the yaml block differs from %s (-README +file):\n%s", f.line, f.name, cmp.Diff(f.text, string(got)))
		}
	}

	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "examples"), os.DirFS("examples")); err != nil {
		t.Fatal(err)
	}
	env := []string{
		"PATH=" + os.Getenv("PATH"), // testscript.Main put mjref first
		"HOME=" + dir,
		"XDG_CONFIG_HOME=" + filepath.Join(dir, ".config"),
		"COLUMNS=80",
		"TZ=UTC",
		"LC_ALL=C.UTF-8",
		miniCurlEnv + "=" + os.Getenv(miniCurlEnv),
	}

	update := os.Getenv("UPDATE_README") != ""
	replaced := map[int][]string{} // outFrom -> new output lines
	served := newServedAddr(t)
	for _, ex := range exs {
		var out bytes.Buffer
		var err error
		if isServe(ex) {
			out.WriteString(served.start(t, sh, dir, env, ex.command))
		} else {
			c := exec.Command(sh, "-c", served.in(ex.command))
			c.Dir = dir
			c.Env = env
			c.Stdout = &out
			c.Stderr = &out // one pipe: stdout and stderr interleave as written
			err = c.Run()
		}
		if served.addr != served.shown {
			s := strings.ReplaceAll(out.String(), served.addr, served.shown)
			out.Reset()
			out.WriteString(s)
		}
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Errorf("README.md:%d: %s: %v", ex.line, ex.command, err)
			continue
		}
		if exit != nil && exit.ExitCode() != 1 && exit.ExitCode() != 2 {
			t.Errorf("README.md:%d: %s: exit status %d\n%s", ex.line, ex.command, exit.ExitCode(), out.String())
			continue
		}
		got := normalise(out.String())
		if fitsWidth(ex.command) {
			for _, l := range strings.Split(got, "\n") {
				if w := tablefit.Width(l); w > 80 {
					t.Errorf("README.md:%d: $ %s\nprints a line %d columns wide at COLUMNS=80: %q", ex.line, ex.command, w, l)
				}
			}
		}
		if matcher(ex.want).MatchString(got) {
			if m, ok := mutate(ex.want); ok && matcher(m).MatchString(got) {
				t.Errorf("README.md:%d: $ %s\nthe check would not notice an edited output: %q still matches", ex.line, ex.command, m)
			}
			continue
		}
		if update {
			replaced[ex.outFrom] = refresh(ex.want, got)
			continue
		}
		gotLines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
		if got == "" {
			gotLines = nil
		}
		t.Errorf("README.md:%d: $ %s\noutput differs (-README +mjref; \"...\" elides):\n%s", ex.line, ex.command, cmp.Diff(ex.want, gotLines))
	}

	if update && len(replaced) > 0 {
		var b []string
		next := 0 // the next README line index to copy
		for _, ex := range exs {
			newOut, ok := replaced[ex.outFrom]
			if !ok {
				continue
			}
			b = append(b, lines[next:ex.outFrom]...)
			b = append(b, newOut...)
			next = ex.outTo
		}
		b = append(b, lines[next:]...)
		if err := os.WriteFile("README.md", []byte(strings.Join(b, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("rewrote the output of %d README examples: review with git diff and put back elisions", len(replaced))
	}
}

// refresh returns the new expected output of an example that printed got: the same elisions where they
// still fit (the head and tail of an elided output keep their length, the blocks between "..." lines
// must still be found in got), else got in full.
func refresh(want []string, got string) []string {
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if got == "" {
		lines = nil
	}
	var blocks [][]string
	cur := []string{}
	for _, l := range want {
		if l == "..." {
			blocks = append(blocks, cur)
			cur = []string{}
			continue
		}
		cur = append(cur, l)
	}
	blocks = append(blocks, cur)
	if len(blocks) == 1 {
		return lines
	}
	head, tail := len(blocks[0]), len(blocks[len(blocks)-1])
	if head+tail > len(lines) {
		return lines
	}
	out := append([]string(nil), lines[:head]...)
	rest := lines[head : len(lines)-tail]
	for _, b := range blocks[1 : len(blocks)-1] {
		out = append(out, "...")
		found := false
		for k := 0; k+len(b) <= len(rest); k++ {
			if matcher(b).MatchString(strings.Join(rest[k:k+len(b)], "\n") + "\n") {
				out = append(out, b...)
				rest = rest[k+len(b):]
				found = true
				break
			}
		}
		if !found {
			return lines
		}
	}
	out = append(out, "...")
	out = append(out, lines[len(lines)-tail:]...)
	if !matcher(out).MatchString(got) {
		return lines
	}
	return out
}

// fitsWidth reports whether an example's output must fit 80 columns: everything but machine formats and a
// ruleset file printed as it is.
func fitsWidth(command string) bool {
	for _, exempt := range []string{"-o json", "-o jsonl", "-o yaml", "-o csv", "rules show", "curl "} {
		if strings.Contains(command, exempt) {
			return false
		}
	}
	return true
}

// mutate returns want with one character of its longest line changed (outside any "..."), to show that the
// check notices an edit of one character; ok is false when want has nothing to change.
func mutate(want []string) (m []string, ok bool) {
	best := -1
	for i, l := range want {
		if l != "..." && (best < 0 || len(l) > len(want[best])) {
			best = i
		}
	}
	if best < 0 || want[best] == "" {
		return nil, false
	}
	l := []rune(want[best])
	for k := len(l) / 2; k < len(l)+len(l)/2; k++ {
		j := k % len(l)
		if l[j] == '.' {
			continue
		}
		if l[j] == 'x' {
			l[j] = 'y'
		} else {
			l[j] = 'x'
		}
		m = append([]string(nil), want...)
		m[best] = string(l)
		return m, true
	}
	return nil, false
}

// TestREADMEMatcher checks the elision rules the README test relies on: exact lines, "..." lines and "..."
// within a line, and that one changed character is a mismatch.
func TestREADMEMatcher(t *testing.T) {
	tests := []struct {
		name string
		want []string
		got  string
		ok   bool
	}{
		{"exact", []string{"a", "b"}, "a\nb\n", true},
		{"one character", []string{"total:    5 faan"}, "total:    6 faan\n", false},
		{"missing line", []string{"a", "b"}, "a\n", false},
		{"extra line", []string{"a"}, "a\nb\n", false},
		{"empty", nil, "", true},
		{"empty but printed", nil, "x\n", false},
		{"dots lines", []string{"a", "...", "z"}, "a\nb\nc\nz\n", true},
		{"dots no lines", []string{"a", "...", "z"}, "a\nz\n", true},
		{"dots keep tail", []string{"a", "...", "z"}, "a\nb\ny\n", false},
		{"dots in line", []string{`{"a":1,...}`}, `{"a":1,"b":2}` + "\n", true},
		{"dots in line stay in line", []string{"a...b"}, "a\nb\n", false},
		{"dots in line prefix", []string{`{"a":1,...}`}, `{"a":2,"b":2}` + "\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := matcher(tt.want).MatchString(tt.got); got != tt.ok {
				t.Errorf("matcher(%q).MatchString(%q) = %v, want %v", tt.want, tt.got, got, tt.ok)
			}
		})
	}
}

// TestREADMEParse checks that commands, continuations and outputs are read as the README test documents.
func TestREADMEParse(t *testing.T) {
	readme := strings.Split("text\n```console\n$ mjref a \\\n    --b\nout 1\n\n$ mjref c\n```\n```yaml\n# examples/x.yaml\nk: v\n```\n", "\n")
	exs, files, err := parseREADME(readme)
	if err != nil {
		t.Fatal(err)
	}
	got := []example{}
	for _, e := range exs {
		e.outFrom, e.outTo = 0, 0
		got = append(got, e)
	}
	want := []example{
		{line: 3, command: "mjref a \\\n    --b", want: []string{"out 1"}},
		{line: 7, command: "mjref c"},
	}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(example{})); diff != "" {
		t.Errorf("examples (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]fileBlock{{line: 10, name: "examples/x.yaml", text: "# examples/x.yaml\nk: v\n"}}, files, cmp.AllowUnexported(fileBlock{})); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
}
