// SPDX-License-Identifier: GPL-2.0
/*
 * A software SPI controller that captures what is sent through it, for scripts/gpio-sim-vm
 * (x86 QEMU has no SPI controller). Written for Linux 6.1; built out of tree.
 *
 * Loading it registers the platform device glance-spi-capture, an SPI controller on it
 * (dynamic bus number, one chip select) and an SPI device at chip select 0 with modalias
 * "dh2228fv", an id in spidev's own table, so the built-in spidev binds and makes
 * /dev/spidevB.0. Like the Raspberry Pi's spi-bcm2835, the controller takes 8-bit words
 * only and the mode bits CPOL, CPHA, CS_HIGH, NO_CS and 3WIRE; it does not clamp speeds.
 * Receive buffers are filled with zeros; transfers without tx data send zeros.
 *
 * /sys/devices/platform/glance-spi-capture/capture/ holds
 *   data       every transfer's tx bytes, concatenated (binary, at most 4 MiB)
 *   transfers  one line per transfer, "len speed_hz bits_per_word\n" (decimal)
 *   mode       the device's spi->mode at the last transfer (at reading time if there has
 *              been none since loading or reset), "0x%x\n"
 *   dropped    "transfers bytes\n" left out of transfers and data since they filled up
 *   reset      write anything (e.g. 1) to empty all of the above
 * Everything but reset is read-only; reads take a consistent snapshot only when no
 * transfer is under way.
 */
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/platform_device.h>
#include <linux/spi/spi.h>
#include <linux/sysfs.h>
#include <linux/vmalloc.h>

#define DRIVER_NAME "glance-spi-capture"
#define DATA_SIZE (4 << 20)
#define TEXT_SIZE (4 << 20) /* ≥ 160k lines of at most 26 characters */

static struct {
	struct mutex lock; /* guards everything below */
	u8 *data;
	size_t data_len;
	char *text; /* the transfers file, kept up to date as transfers arrive */
	size_t text_len;
	u32 mode;
	bool have_mode;
	unsigned long dropped_transfers, dropped_bytes;
	struct spi_controller *ctlr;
	struct spi_device *spi;
} cap = { .lock = __MUTEX_INITIALIZER(cap.lock) };

static int capture_transfer_one(struct spi_controller *ctlr, struct spi_device *spi,
				struct spi_transfer *xfer)
{
	char line[48];
	int n = scnprintf(line, sizeof(line), "%u %u %u\n", xfer->len, xfer->speed_hz,
			  xfer->bits_per_word);

	mutex_lock(&cap.lock);
	cap.mode = spi->mode;
	cap.have_mode = true;
	if (cap.text_len + n > TEXT_SIZE || cap.data_len + xfer->len > DATA_SIZE) {
		cap.dropped_transfers++;
		cap.dropped_bytes += xfer->len;
	} else {
		memcpy(cap.text + cap.text_len, line, n);
		cap.text_len += n;
		if (xfer->tx_buf)
			memcpy(cap.data + cap.data_len, xfer->tx_buf, xfer->len);
		else /* (not expected: SPI_CONTROLLER_MUST_TX gives every transfer a tx buffer) */
			memset(cap.data + cap.data_len, 0, xfer->len);
		cap.data_len += xfer->len;
	}
	mutex_unlock(&cap.lock);
	if (xfer->rx_buf)
		memset(xfer->rx_buf, 0, xfer->len);
	return 0; /* done: spi_finalize_current_transfer() is for transfers still running */
}

static ssize_t read_window(const void *from, size_t len, char *buf, loff_t off, size_t count)
{
	if (off >= len)
		return 0;
	count = min_t(size_t, count, len - off);
	memcpy(buf, from + off, count);
	return count;
}

static ssize_t data_read(struct file *file, struct kobject *kobj, struct bin_attribute *attr,
			 char *buf, loff_t off, size_t count)
{
	ssize_t ret;

	mutex_lock(&cap.lock);
	ret = read_window(cap.data, cap.data_len, buf, off, count);
	mutex_unlock(&cap.lock);
	return ret;
}

/* A binary attribute too, so that it is not limited to one page like text attributes. */
static ssize_t transfers_read(struct file *file, struct kobject *kobj, struct bin_attribute *attr,
			      char *buf, loff_t off, size_t count)
{
	ssize_t ret;

	mutex_lock(&cap.lock);
	ret = read_window(cap.text, cap.text_len, buf, off, count);
	mutex_unlock(&cap.lock);
	return ret;
}

static BIN_ATTR_RO(data, 0);
static BIN_ATTR_RO(transfers, 0);

static ssize_t mode_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	u32 mode;

	mutex_lock(&cap.lock);
	mode = cap.have_mode || !cap.spi ? cap.mode : cap.spi->mode;
	mutex_unlock(&cap.lock);
	return sysfs_emit(buf, "0x%x\n", mode);
}

static ssize_t dropped_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	ssize_t ret;

	mutex_lock(&cap.lock);
	ret = sysfs_emit(buf, "%lu %lu\n", cap.dropped_transfers, cap.dropped_bytes);
	mutex_unlock(&cap.lock);
	return ret;
}

static ssize_t reset_store(struct device *dev, struct device_attribute *attr, const char *buf,
			   size_t count)
{
	mutex_lock(&cap.lock);
	cap.data_len = 0;
	cap.text_len = 0;
	cap.mode = 0;
	cap.have_mode = false;
	cap.dropped_transfers = 0;
	cap.dropped_bytes = 0;
	mutex_unlock(&cap.lock);
	return count;
}

static DEVICE_ATTR_RO(mode);
static DEVICE_ATTR_RO(dropped);
static DEVICE_ATTR_WO(reset);

static struct attribute *capture_attrs[] = {
	&dev_attr_mode.attr,
	&dev_attr_dropped.attr,
	&dev_attr_reset.attr,
	NULL,
};

static struct bin_attribute *capture_bin_attrs[] = {
	&bin_attr_data,
	&bin_attr_transfers,
	NULL,
};

static const struct attribute_group capture_group = {
	.name = "capture",
	.attrs = capture_attrs,
	.bin_attrs = capture_bin_attrs,
};

static const struct attribute_group *capture_groups[] = {
	&capture_group,
	NULL,
};

static int capture_probe(struct platform_device *pdev)
{
	struct spi_board_info info = {
		.modalias = "dh2228fv", /* spidev binds to this; it refuses a bare "spidev" */
		.max_speed_hz = 20000000,
		.chip_select = 0,
		.mode = SPI_MODE_0,
	};
	struct spi_controller *ctlr;
	struct spi_device *spi;
	int ret;

	ctlr = devm_spi_alloc_master(&pdev->dev, 0);
	if (!ctlr)
		return -ENOMEM;
	ctlr->bus_num = -1;
	ctlr->num_chipselect = 1;
	ctlr->mode_bits = SPI_CPOL | SPI_CPHA | SPI_CS_HIGH | SPI_NO_CS | SPI_3WIRE;
	ctlr->bits_per_word_mask = SPI_BPW_MASK(8);
	ctlr->flags = SPI_CONTROLLER_MUST_TX;
	ctlr->transfer_one = capture_transfer_one;
	ret = devm_spi_register_controller(&pdev->dev, ctlr);
	if (ret)
		return dev_err_probe(&pdev->dev, ret, "cannot register the SPI controller\n");
	/* (Unregistering the controller, on unbinding, removes the device too.) */
	spi = spi_new_device(ctlr, &info);
	if (!spi)
		return dev_err_probe(&pdev->dev, -ENODEV, "cannot add the SPI device\n");
	mutex_lock(&cap.lock);
	cap.ctlr = ctlr;
	cap.spi = spi;
	mutex_unlock(&cap.lock);
	dev_info(&pdev->dev, "capturing %s on SPI bus %d\n", dev_name(&spi->dev), ctlr->bus_num);
	return 0;
}

static int capture_remove(struct platform_device *pdev)
{
	mutex_lock(&cap.lock);
	cap.ctlr = NULL;
	cap.spi = NULL;
	mutex_unlock(&cap.lock);
	return 0;
}

static struct platform_driver capture_driver = {
	.probe = capture_probe,
	.remove = capture_remove,
	.driver = {
		.name = DRIVER_NAME,
		.dev_groups = capture_groups,
	},
};

static struct platform_device *capture_pdev;

static int __init capture_init(void)
{
	int ret;

	cap.data = vmalloc(DATA_SIZE);
	cap.text = vmalloc(TEXT_SIZE);
	ret = -ENOMEM;
	if (!cap.data || !cap.text)
		goto free;
	ret = platform_driver_register(&capture_driver);
	if (ret)
		goto free;
	capture_pdev = platform_device_register_simple(DRIVER_NAME, PLATFORM_DEVID_NONE, NULL, 0);
	ret = PTR_ERR_OR_ZERO(capture_pdev);
	if (ret)
		goto unregister;
	if (!cap.ctlr) { /* registered, but the probe failed */
		ret = -ENODEV;
		goto unregister_device;
	}
	return 0;
unregister_device:
	platform_device_unregister(capture_pdev);
unregister:
	platform_driver_unregister(&capture_driver);
free:
	vfree(cap.text);
	vfree(cap.data);
	return ret;
}

static void __exit capture_exit(void)
{
	platform_device_unregister(capture_pdev);
	platform_driver_unregister(&capture_driver);
	vfree(cap.text);
	vfree(cap.data);
}

module_init(capture_init);
module_exit(capture_exit);
MODULE_DESCRIPTION("Software SPI controller capturing what spidev sends, for tests");
MODULE_LICENSE("GPL");
