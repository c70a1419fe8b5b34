//go:build linux

package ledger

import (
	"os"
	"syscall"
)

// identify returns f's fileID: device and inode, size, modification and change times; any write, truncate or
// replacement changes it (the change time cannot be set back by a user).
func identify(f *os.File) (fileID, error) {
	fi, err := f.Stat()
	if err != nil {
		return fileID{}, err
	}
	id := fileID{Size: fi.Size(), MTime: fi.ModTime().UnixNano()}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		id.Dev, id.Ino = uint64(st.Dev), st.Ino
		id.CTime = st.Ctim.Nano()
	}
	return id, nil
}
