import GlanceGraphics
import GlanceHardware

/// What the UltraChip controllers (UC8179, UC8159) share: BUSY is low while busy; power
/// on (0x04) and off (0x02) hold BUSY while the supplies settle; a refresh needs the
/// power on; deep sleep (0x07) takes the check code 0xA5 and wants the power off first.
public class UltraChipEmulator: ControllerEmulator {
    /// BUSY time of power on and power off, in milliseconds.
    public var powerOnMilliseconds: Int
    public var powerOffMilliseconds: Int
    private(set) var poweredOn = false

    init(name: String, width: Int, height: Int, palette: Palette, powerOnMilliseconds: Int, powerOffMilliseconds: Int) {
        self.powerOnMilliseconds = powerOnMilliseconds
        self.powerOffMilliseconds = powerOffMilliseconds
        super.init(name: name, busyLevel: .low, width: width, height: height, palette: palette, white: 1)
    }

    override func hardwareReset(wakingFromDeepSleep: Bool) {
        poweredOn = false
    }

    override func handleCommand(_ code: UInt8) throws {
        switch code {
        case 0x04:
            poweredOn = true
            busy(for: powerOnMilliseconds)
        case 0x02:
            poweredOn = false
            busy(for: powerOffMilliseconds)
        default:
            break
        }
    }

    override func handleData(_ code: UInt8, _ bytes: [UInt8], offset: Int) throws {
        guard code == 0x07, parameters.count == 1 else { return }
        guard parameters[0] == 0xA5 else {
            try violate("deep sleep with check code 0x\(hex(parameters[0])), not 0xA5: ignored by the controller")
            return
        }
        if poweredOn { try violate("deep sleep with the power still on (send 0x02 first)") }
        deepSleep = true
    }

    /// False (after a violation) when a refresh comes with the power off.
    func requirePower() throws -> Bool {
        guard poweredOn else {
            try violate("refresh (0x12) with the power off (send 0x04 first)")
            return false
        }
        return true
    }
}
