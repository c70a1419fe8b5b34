package safeio

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/iotest"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, n int) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, bytes.Repeat([]byte("x"), n), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name    string
		path    string
		limit   int64
		wantLen int
		wantErr string
	}{
		{"empty", write("empty", 0), 10, 0, ""},
		{"under", write("under", 9), 10, 9, ""},
		{"exactly the limit", write("exact", 10), 10, 10, ""},
		{"one over", write("over", 11), 10, 0, "over: larger than the limit of 10 bytes for this kind of file"},
		{"large under", write("large", 100000), 1 << 20, 100000, ""},
		{"directory", dir, 10, 0, "a directory, not a regular file"},
		{"missing", filepath.Join(dir, "nope"), 10, 0, "no such file or directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := ReadFile(tt.path, tt.limit)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ReadFile error = %v, want it to contain %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(b) != tt.wantLen {
				t.Errorf("read %d bytes, want %d", len(b), tt.wantLen)
			}
		})
	}
}

func TestReadFileTypedErrors(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(p, make([]byte, 2048), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReadFile(p, 1024)
	var le *LimitError
	if !errors.As(err, &le) {
		t.Fatalf("error %T %v, want *LimitError", err, err)
	}
	if diff := cmp.Diff(&LimitError{Name: p, Limit: 1024}, le); diff != "" {
		t.Errorf("LimitError (-want +got):\n%s", diff)
	}
	if want := p + ": larger than the limit of 1 KiB for this kind of file"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	if want := "larger than the limit of 1 KiB for this kind of file"; Reason(err) != want {
		t.Errorf("Reason %q, want %q", Reason(err), want)
	}
	if _, err := ReadFile(filepath.Join(dir, "missing"), 1); Reason(err) != "no such file or directory" {
		t.Errorf("Reason of a missing file = %q", Reason(err))
	}
	_, err = ReadFile(dir, 1024)
	var nr *NotRegularError
	if !errors.As(err, &nr) || !nr.Mode.IsDir() {
		t.Fatalf("error %T %v, want *NotRegularError for a directory", err, err)
	}
}

// A device that never ends (/dev/zero) is refused before a byte is read.
func TestReadFileDevice(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	_, err := ReadFile("/dev/zero", RulesetLimit)
	var nr *NotRegularError
	if !errors.As(err, &nr) {
		t.Fatalf("error %T %v, want *NotRegularError", err, err)
	}
	if want := "/dev/zero: a character device, not a regular file"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	if want := "a character device, not a regular file"; Reason(err) != want {
		t.Errorf("Reason %q, want %q", Reason(err), want)
	}
}

// A FIFO with no writer would block a plain open forever: Open must return at once.
func TestReadFileFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := ReadFile(p, RulesetLimit)
		done <- err
	}()
	select {
	case err := <-done:
		var nr *NotRegularError
		if !errors.As(err, &nr) || nr.Mode&fs.ModeNamedPipe == 0 {
			t.Fatalf("error %T %v, want *NotRegularError for a FIFO", err, err)
		}
		if !strings.Contains(err.Error(), "a named pipe (FIFO), not a regular file") {
			t.Errorf("message %q", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("ReadFile blocked on a FIFO")
	}
}

// A symlink to a regular file is read (users link rulesets); one to a device is refused.
func TestReadFileSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "t.yaml")
	if err := os.WriteFile(target, []byte("name: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "l.yaml")
	if err := os.Symlink(target, link); err != nil {
		t.Skip(err)
	}
	if b, err := ReadFile(link, 100); err != nil || string(b) != "name: x\n" {
		t.Errorf("ReadFile(link) = %q, %v", b, err)
	}
}

func TestReadAll(t *testing.T) {
	tests := []struct {
		name    string
		r       io.Reader
		limit   int64
		want    string
		wantErr string
	}{
		{"empty", strings.NewReader(""), 4, "", ""},
		{"exact", strings.NewReader("abcd"), 4, "abcd", ""},
		{"one byte at a time", iotest.OneByteReader(strings.NewReader("abcd")), 4, "abcd", ""},
		{"over", strings.NewReader("abcde"), 4, "", "standard input: larger than the limit of 4 bytes"},
		{"endless", zeros{}, 1 << 20, "", "standard input: larger than the limit of 1 MiB"},
		{"read error", iotest.ErrReader(errors.New("boom")), 4, "", "boom"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := ReadAll(tt.r, "standard input", tt.limit)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || string(b) != tt.want {
				t.Fatalf("ReadAll = %q, %v; want %q", b, err, tt.want)
			}
		})
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

func TestFormatSize(t *testing.T) {
	for n, want := range map[int64]string{
		0: "0 bytes", 100: "100 bytes", 1024: "1 KiB", 1500: "1500 bytes",
		LineLimit: "64 KiB", RulesetLimit: "1 MiB", LedgerLimit: "64 MiB",
	} {
		if got := FormatSize(n); got != want {
			t.Errorf("FormatSize(%d) = %q, want %q", n, got, want)
		}
	}
}

type line struct {
	N    int
	Text string
	Err  string
}

func readLines(r io.Reader, limit int) ([]line, error) {
	var got []line
	l := NewLines(r, "standard input", limit)
	for l.Next() {
		if err := l.LineErr(); err != nil {
			got = append(got, line{N: l.Line(), Err: err.Error()})
			continue
		}
		got = append(got, line{N: l.Line(), Text: l.Text()})
	}
	return got, l.Err()
}

func TestLines(t *testing.T) {
	long := strings.Repeat("y", 11)
	tests := []struct {
		name string
		in   string
		want []line
	}{
		{"empty", "", nil},
		{"one without newline", "abc", []line{{1, "abc", ""}}},
		{"one with newline", "abc\n", []line{{1, "abc", ""}}},
		{"blank lines count", "\n\nx\n", []line{{1, "", ""}, {2, "", ""}, {3, "x", ""}}},
		{"crlf", "a\r\nb\r\n", []line{{1, "a", ""}, {2, "b", ""}}},
		{"byte order mark at the start", "\xef\xbb\xbfa\r\n\xef\xbb\xbfb\n", []line{{1, "a", ""}, {2, "\xef\xbb\xbfb", ""}}},
		{"exactly the limit", "0123456789\n", []line{{1, "0123456789", ""}}},
		{"exactly the limit with crlf", "0123456789\r\n", []line{{1, "0123456789", ""}}},
		{"over then on", "a\n" + long + "\nb\n", []line{{1, "a", ""}, {2, "", "standard input: line 2 is longer than the limit of 10 bytes"}, {3, "b", ""}}},
		{"over at the end without newline", "a\n" + long, []line{{1, "a", ""}, {2, "", "standard input: line 2 is longer than the limit of 10 bytes"}}},
		{"much over", strings.Repeat("z", 100000) + "\nok", []line{{1, "", "standard input: line 1 is longer than the limit of 10 bytes"}, {2, "ok", ""}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, r := range map[string]io.Reader{"whole": strings.NewReader(tt.in), "bytewise": iotest.OneByteReader(strings.NewReader(tt.in))} {
				got, err := readLines(r, 10)
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(tt.want, got); diff != "" {
					t.Errorf("lines (-want +got):\n%s", diff)
				}
			}
		})
	}
}

func TestLinesReadError(t *testing.T) {
	r := io.MultiReader(strings.NewReader("a\n"), iotest.ErrReader(errors.New("boom")))
	got, err := readLines(r, 10)
	if err == nil || err.Error() != "boom" {
		t.Fatalf("Err = %v, want boom", err)
	}
	if diff := cmp.Diff([]line{{1, "a", ""}}, got); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
}

// An endless line is skipped in bounded memory, not buffered.
func TestLinesEndless(t *testing.T) {
	r := io.LimitReader(zeros{}, 50<<20)
	l := NewLines(r, "standard input", LineLimit)
	if !l.Next() || l.LineErr() == nil {
		t.Fatalf("want a LimitError for line 1, got %v", l.LineErr())
	}
	var le *LimitError
	if !errors.As(l.LineErr(), &le) || le.Line != 1 || le.Limit != LineLimit {
		t.Errorf("LineErr = %#v", l.LineErr())
	}
	if l.Next() {
		t.Errorf("a second line after an endless one")
	}
}

// LineWaiting sees a buffered whole line, and none once the buffer is drained.
func TestLinesLineWaiting(t *testing.T) {
	l := NewLines(strings.NewReader("a\nb\nc"), "standard input", 10)
	var waiting []bool
	for l.Next() {
		waiting = append(waiting, l.LineWaiting())
	}
	if diff := cmp.Diff([]bool{true, false, false}, waiting); diff != "" {
		t.Errorf("LineWaiting after each line (-want +got):\n%s", diff)
	}
}

// OpenOwn reads a regular file, and refuses at once a symlink (even to a regular file), a FIFO
// with no writer and a directory.
func TestOpenOwn(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := OpenOwn(file)
	if err != nil {
		t.Fatalf("OpenOwn(regular file): %v", err)
	}
	f.Close()
	link := filepath.Join(dir, "link")
	if err := os.Symlink(file, link); err != nil {
		t.Skip(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	for _, c := range []struct{ path, want string }{
		{link, link + ": a symbolic link, not a regular file"},
		{fifo, fifo + ": a named pipe (FIFO), not a regular file"},
		{dir, dir + ": a directory, not a regular file"},
	} {
		err := openUnblocked(t, OpenOwn, c.path)
		var nr *NotRegularError
		if !errors.As(err, &nr) || err.Error() != c.want {
			t.Errorf("OpenOwn(%s) = %v, want *NotRegularError %q", c.path, err, c.want)
		}
	}
}

func TestOpenReadWrite(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "game.jsonl")
	if err := os.WriteFile(file, []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.jsonl")
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	// A user's file reached through a symlink is updated where it is.
	for _, p := range []string{file, link} {
		f, err := OpenReadWrite(p)
		if err != nil {
			t.Fatalf("OpenReadWrite(%s): %v", p, err)
		}
		if _, err := f.Seek(0, io.SeekEnd); err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString("two\n"); err != nil {
			t.Fatalf("write through %s: %v", p, err)
		}
		f.Close()
	}
	if got, _ := os.ReadFile(file); string(got) != "one\ntwo\ntwo\n" {
		t.Errorf("file holds %q after two appends", got)
	}

	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	for _, tt := range []struct {
		path string
		want string
	}{
		{dir, "a directory, not a regular file"},
		{fifo, "a named pipe (FIFO), not a regular file"},
		{"/dev/null", "a character device, not a regular file"},
	} {
		err := openUnblocked(t, OpenReadWrite, tt.path)
		var nr *NotRegularError
		if !errors.As(err, &nr) || Reason(err) != tt.want {
			t.Errorf("OpenReadWrite(%s) = %v, want *NotRegularError %q", tt.path, err, tt.want)
		}
	}
}

// openUnblocked opens path with open and returns its error, failing the test if the open blocks (a
// FIFO with no writer must be refused at once, never waited on).
func openUnblocked(t *testing.T, open func(string) (*os.File, error), path string) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		f, err := open(path)
		if err == nil {
			f.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(30 * time.Second):
		t.Fatalf("opening %s blocked", path)
		return nil
	}
}

// Reading lines allocates a line's text and nothing else a line (a batch reads a million).
func TestLinesAllocs(t *testing.T) {
	in := strings.Repeat("123m456p789s11z [555p]\n", 100)
	n := testing.AllocsPerRun(20, func() {
		l := NewLines(strings.NewReader(in), "standard input", LineLimit)
		for l.Next() {
			if l.LineErr() != nil || l.Text() == "" {
				t.Fatal("bad line")
			}
		}
	})
	if n > 100+8 {
		t.Errorf("%v allocations for 100 lines: want a text each and a few for the reader", n)
	}
}
