//go:build !linux

package ledger

import "os"

// identify returns f's fileID: its size and modification time, as far as this platform tells.
func identify(f *os.File) (fileID, error) {
	fi, err := f.Stat()
	if err != nil {
		return fileID{}, err
	}
	return fileID{Size: fi.Size(), MTime: fi.ModTime().UnixNano()}, nil
}
