# Headless export: blender -b RIG.blend --python headless.py -- -o OUT.json [--armature NAME]
# Exit status 0 when written; 1 with one line on stderr naming the problem otherwise (Blender itself
# exits 0 after a script error, so the status is set here).
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import bpy  # noqa: E402
from sinew_export import dump  # noqa: E402


def main():
    argv = sys.argv[sys.argv.index('--') + 1:] if '--' in sys.argv else []
    ap = argparse.ArgumentParser(prog='sinew_export/headless.py')
    ap.add_argument('-o', '--out', required=True)
    ap.add_argument('--armature')
    args = ap.parse_args(argv)
    if not bpy.data.filepath:
        print('sinew-export: error: no .blend file was opened (give it before --python)', file=sys.stderr)
        sys.exit(1)
    try:
        doc, notes = dump.write_rig(args.out, bpy.context.scene, args.armature)
    except dump.ExportError as e:
        print('sinew-export: error: %s' % e, file=sys.stderr)
        sys.exit(1)
    for n in notes:
        print('sinew-export: note: %s' % n, file=sys.stderr)
    bones = sum(len(o.get("bones", [])) for o in doc["objects"])
    print('sinew-export: wrote %s (%d objects, %d bones, %d constraints, %d drivers, %d actions)' % (
        args.out, len(doc["objects"]), bones, len(doc["constraints"]), len(doc.get("drivers", [])), len(doc.get("actions", []))))


try:
    main()
except SystemExit:
    raise
except BaseException as e:  # a bug here must still fail the run, with the reason
    import traceback
    traceback.print_exc()
    print('sinew-export: error: %s: %s' % (type(e).__name__, e), file=sys.stderr)
    sys.exit(1)
